import { Link, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { CurrentUser } from '../../shared/contracts/users.ts';
import { useSession } from '../lib/session.tsx';
import { LoadError, Loading } from './status.tsx';

/**
 * The part of a screen that needs the signed-in user. The router already sent signed-out
 * visitors to /login; this covers the user not being known yet, or the server being out of
 * reach (offline), with a way to try again.
 */
export function SignedIn({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { session, state } = useSession();
  const location = useLocation();
  switch (state.status) {
    case 'signed-in':
      return children(state.user);
    case 'loading':
      return <Loading />;
    case 'unreachable':
      return <LoadError error={state.error} retry={() => void session.load()} />;
    case 'signed-out':
      return (
        <p>
          <Link to="/login" search={{ redirect: location.href }}>
            Sign in
          </Link>{' '}
          to see this page.
        </p>
      );
  }
}

import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { isOffline } from '../lib/use-online.ts';
import './status.css';
import { serverText } from '../i18n/server-messages.ts';
import { t } from '../i18n/i18n.ts';

/** What a screen shows while its data is on the way. */
export function Loading({ label = t('status.loading') }: { label?: string }) {
  return (
    <p className="load-state" role="status">
      {label}
    </p>
  );
}

/**
 * A read that failed: 'Error: {message}' (docs/product.md, "Messages the student may see"), and a way to try again.
 * `what` names the data when a screen has several panels that could each fail.
 */
export function LoadError({ error, retry, what }: { error: unknown; retry?: () => void; what?: string }) {
  if (isOffline(error) && !(error instanceof ApiError)) {
    // Not a failure of the page: there is no connection and no saved copy of this data yet. A
    // screen of several panels names what each one misses, so no message is said twice.
    return (
      <div className="load-state load-state-offline" role="status">
        <p>{what ? t('status.offlineWhat', { what }) : t('status.offlinePage')}</p>
        <RetryButton retry={retry} />
      </div>
    );
  }
  const message =
    error instanceof Error
      ? serverText(error.message, error instanceof ApiError ? error.status : undefined)
      : t('status.loadFailed');
  return (
    <div className="load-state load-state-error" role="alert">
      <p>{t('status.error', { message })}</p>
      <RetryButton retry={retry} />
    </div>
  );
}

function RetryButton({ retry }: { retry: (() => void) | undefined }) {
  if (!retry) return null;
  return (
    <button type="button" className="button button-secondary" onClick={retry}>
      {t('status.tryAgain')}
    </button>
  );
}

/**
 * An empty list: "data not found" (docs/product.md) unless the screen has a better one; `detail`
 * says why it is empty and what to do next, so the words never stand there bare.
 */
export function Empty({ children = t('status.empty'), detail }: { children?: string; detail?: ReactNode }) {
  if (!detail) return <p className="load-state load-state-empty">{children}</p>;
  return (
    <div className="load-state load-state-empty">
      <p className="load-state-title">{children}</p>
      {detail}
    </div>
  );
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * The next page of a list, asked for by the reader (lists are paged by the server). A page drawn
 * at build time passes its own `words`: the screens' catalogue may not be loaded there.
 */
export function MoreButton({
  loading,
  onClick,
  words,
}: {
  loading: boolean;
  onClick: () => void;
  words?: { more: string; loading: string };
}) {
  return (
    <button
      type="button"
      className="button button-secondary more-button"
      aria-disabled={loading}
      onClick={() => {
        if (!loading) onClick();
      }}
    >
      {loading ? (words?.loading ?? t('status.loading')) : (words?.more ?? t('status.more'))}
    </button>
  );
}

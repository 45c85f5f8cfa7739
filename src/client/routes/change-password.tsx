import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { ChangePasswordForm } from '../features/account/change-password-form.tsx';

export default function ChangePasswordRoute() {
  return (
    <Screen title="Change password">
      <Link to="/acc" className="back-link">
        ← My account
      </Link>
      <ChangePasswordForm />
    </Screen>
  );
}

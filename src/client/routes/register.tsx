import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { RegisterForm } from '../features/auth/register-form.tsx';

export default function RegisterRoute() {
  return (
    <Screen title="Register">
      <div className="auth-layout">
        <h2 className="auth-heading">Register as Student</h2>
        <RegisterForm />
        <p className="auth-switch">
          Already registered? <Link to="/login">Sign in</Link>
        </p>
      </div>
    </Screen>
  );
}

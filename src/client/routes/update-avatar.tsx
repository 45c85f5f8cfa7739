import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { ImageUpdate } from '../features/account/image-update.tsx';

export default function UpdateAvatarRoute() {
  return (
    <Screen title="Update avatar">
      <Link to="/acc" className="back-link">
        ← My account
      </Link>
      <SignedIn>{(user) => <ImageUpdate kind="avatar" user={user} />}</SignedIn>
    </Screen>
  );
}

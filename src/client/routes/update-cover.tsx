import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { ImageUpdate } from '../features/account/image-update.tsx';

export default function UpdateCoverRoute() {
  return (
    <Screen title="Update cover image">
      <Link to="/acc" className="back-link">
        ← My account
      </Link>
      <SignedIn>{(user) => <ImageUpdate kind="coverImage" user={user} />}</SignedIn>
    </Screen>
  );
}

import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { ImageUpdate } from '../features/account/image-update.tsx';
import { t } from '../i18n/i18n.ts';

export default function UpdateCoverRoute() {
  return (
    <Screen title={t('title.updateCover')}>
      <Link to="/acc" className="back-link">
        ← {t('title.account')}
      </Link>
      <SignedIn>{(user) => <ImageUpdate kind="coverImage" user={user} />}</SignedIn>
    </Screen>
  );
}

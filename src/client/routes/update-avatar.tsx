import { Link } from '@tanstack/react-router';
import { Screen } from '../components/screen.tsx';
import { SignedIn } from '../components/signed-in.tsx';
import { ImageUpdate } from '../features/account/image-update.tsx';
import { t } from '../i18n/i18n.ts';

export default function UpdateAvatarRoute() {
  return (
    <Screen title={t('title.updateAvatar')}>
      <Link to="/acc" className="back-link">
        ← {t('title.account')}
      </Link>
      <SignedIn>{(user) => <ImageUpdate kind="avatar" user={user} />}</SignedIn>
    </Screen>
  );
}

import { contactDetails } from '../components/layout/site-links.ts';
import { Screen } from '../components/screen.tsx';
import { ContactDetails } from '../features/marketing/contact-details.tsx';
import { ContactForm } from '../features/marketing/contact-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function ContactRoute() {
  return (
    <Screen title={t('nav.contact')} breadcrumb>
      <div className="contact-layout">
        <ContactForm />
        <ContactDetails email={contactDetails.email} phone={contactDetails.phone} />
      </div>
    </Screen>
  );
}

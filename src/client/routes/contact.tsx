import { contactDetails } from '../components/layout/site-links.ts';
import { Screen } from '../components/screen.tsx';
import { ContactDetails } from '../features/marketing/contact-details.tsx';
import { ContactForm } from '../features/marketing/contact-form.tsx';
import { t } from '../i18n/i18n.ts';

export default function ContactRoute() {
  return (
    // The breadcrumb names the page and the form's heading, 'Contact Us', says it again: the page
    // heading stays for screen readers only.
    <Screen title={t('nav.contact')} breadcrumb titleHidden>
      <div className="contact-layout">
        <ContactForm />
        <ContactDetails email={contactDetails.email} phone={contactDetails.phone} />
      </div>
    </Screen>
  );
}

import { contactDetails } from '../components/layout/site-links.ts';
import { Screen } from '../components/screen.tsx';
import { ContactDetails } from '../features/marketing/contact-details.tsx';
import { ContactForm } from '../features/marketing/contact-form.tsx';

export default function ContactRoute() {
  return (
    <Screen title="Contact" breadcrumb>
      <div className="contact-layout">
        <ContactForm />
        <ContactDetails email={contactDetails.email} phone={contactDetails.phone} />
      </div>
    </Screen>
  );
}

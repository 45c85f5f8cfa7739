import './marketing.css';
import { t } from '../../i18n/i18n.ts';
import { tm } from '../../i18n/marketing.ts';

/** The ways to reach the team other than the form. */
export function ContactDetails({ email, phone }: { email: string; phone: string }) {
  return (
    <section className="contact-details" aria-labelledby="contact-details">
      <h2 id="contact-details">{tm('contactDetails.title')}</h2>
      <p>{tm('contactDetails.text')}</p>
      <dl>
        <dt>{t('footer.email')}</dt>
        <dd>
          <a href={`mailto:${email}`} translate="no">
            {email}
          </a>
        </dd>
        <dt>{tm('contactDetails.phone')}</dt>
        <dd>
          <a href={`tel:${phone.replaceAll(' ', '')}`} translate="no">
            {phone}
          </a>
        </dd>
        <dt>{tm('contactDetails.hours')}</dt>
        <dd>{tm('contactDetails.hoursValue')}</dd>
      </dl>
    </section>
  );
}

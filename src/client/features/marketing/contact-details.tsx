import './marketing.css';

/** The ways to reach the team other than the form. */
export function ContactDetails({ email, phone }: { email: string; phone: string }) {
  return (
    <section className="contact-details" aria-labelledby="contact-details">
      <h2 id="contact-details">Get in touch</h2>
      <p>
        Questions about courses, teaching on EduPortal or a plan for your school? Write to us and we will
        answer within two working days.
      </p>
      <dl>
        <dt>E-mail</dt>
        <dd>
          <a href={`mailto:${email}`} translate="no">
            {email}
          </a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${phone.replaceAll(' ', '')}`} translate="no">
            {phone}
          </a>
        </dd>
        <dt>Hours</dt>
        <dd>Monday to Saturday, 9:00 to 18:00</dd>
      </dl>
    </section>
  );
}

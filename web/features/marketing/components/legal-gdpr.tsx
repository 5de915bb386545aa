import { Link } from 'react-router';

export function GdprContent() {
  return (
    <>
      <p>
        Stackwise is built to help customers in the European Economic Area, the United Kingdom and Switzerland
        meet their obligations under the General Data Protection Regulation (GDPR) and the UK GDPR. This page
        explains our roles, your rights and how we protect personal data.
      </p>
      <h2>Controller and processor</h2>
      <ul>
        <li>
          For the data in your workspace — employees, license assignments, expenses —{' '}
          <strong>you are the controller</strong> and Stackwise is your <strong>processor</strong>. We process
          it only on your documented instructions: to provide the Service.
        </li>
        <li>
          For account, billing, website and contact-form data, Stackwise is the controller, as described in
          the <Link to="/legal/privacy">Privacy Policy</Link>.
        </li>
      </ul>
      <h2>Data processing agreement</h2>
      <p>
        Our data processing terms, incorporating the European Commission’s Standard Contractual Clauses where
        data leaves the EEA, form part of the <Link to="/legal/terms">Terms of Service</Link>. A countersigned
        copy is available on request through the <Link to="/support">support page</Link>.
      </p>
      <h2>Lawful bases</h2>
      <ul>
        <li>
          <strong>Contract:</strong> to provide the Service you signed up for.
        </li>
        <li>
          <strong>Legitimate interests:</strong> to secure the Service and prevent abuse, and to answer
          enquiries.
        </li>
        <li>
          <strong>Legal obligation:</strong> to keep billing records.
        </li>
        <li>
          <strong>Consent:</strong> for anything optional, which you can withdraw at any time.
        </li>
      </ul>
      <h2>Your rights</h2>
      <p>Individuals have the right to:</p>
      <ul>
        <li>access the personal data held about them and receive a copy;</li>
        <li>have inaccurate data corrected;</li>
        <li>have data erased (“right to be forgotten”);</li>
        <li>restrict or object to processing;</li>
        <li>receive their data in a portable, machine-readable format;</li>
        <li>lodge a complaint with their supervisory authority.</li>
      </ul>
      <p>
        If your data is in a customer’s workspace, contact that customer first: they control it. We help our
        customers answer such requests promptly. For data we control, write to us through the{' '}
        <Link to="/support">support page</Link>; we answer within one month.
      </p>
      <h2>Sub-processors</h2>
      <p>
        We use a small number of sub-processors for hosting, email delivery and payment processing. We give
        customers notice before adding a new sub-processor so they can object.
      </p>
      <h2>Security measures</h2>
      <ul>
        <li>Encryption in transit; passwords hashed with Argon2id.</li>
        <li>
          Strict tenant isolation: every record belongs to one workspace and is only returned to its members.
        </li>
        <li>Role-based access and an audit trail of changes.</li>
        <li>Rate limiting of sign-in and password-reset attempts.</li>
      </ul>
      <h2>Breach notification</h2>
      <p>
        If a personal-data breach affects your workspace, we notify you without undue delay, and in any case
        within 72 hours of becoming aware of it, with the information you need to meet your own obligations.
      </p>
    </>
  );
}

import { Link } from 'react-router';

export function PrivacyContent() {
  return (
    <>
      <p>
        This Privacy Policy explains what personal data Stackwise collects, why, and the choices you have. It
        covers our website and the Stackwise application.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data:</strong> your name, email address, job title and a hash of your password (we
          never store the password itself).
        </li>
        <li>
          <strong>Workspace data:</strong> what you and your colleagues enter — applications, contracts,
          costs, license assignments, expenses, budgets — which may include names and email addresses of
          employees who use software.
        </li>
        <li>
          <strong>Forwarded invoices:</strong> emails and attachments you send to your workspace’s forwarding
          address.
        </li>
        <li>
          <strong>Usage and security data:</strong> sign-in times, IP address and browser type, kept to
          protect accounts and to investigate abuse.
        </li>
        <li>
          <strong>Contact forms:</strong> what you send us through the support and demo forms.
        </li>
        <li>
          <strong>Billing data:</strong> handled by our payment provider; we receive the plan, status and the
          last digits of the card, never the full card number.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <ul>
        <li>
          To provide the Service: show your data, send reminders and alerts, generate insights for your
          workspace.
        </li>
        <li>To secure it: rate-limit sign-in attempts, detect abuse, keep an audit trail of changes.</li>
        <li>
          To communicate: service emails (password resets, invitations, renewal reminders) and, if you ask,
          replies to your messages.
        </li>
        <li>To bill paid plans, and to meet legal and accounting obligations.</li>
      </ul>
      <p>
        We do not sell personal data, show advertising in the product, or use Customer Data to train models
        for anyone else.
      </p>
      <h2>Cookies</h2>
      <p>
        The application uses a single, essential session cookie (HttpOnly, so scripts cannot read it) to keep
        you signed in. Your theme and sidebar preferences are stored in your browser’s local storage. We use
        no advertising or cross-site tracking cookies.
      </p>
      <h2>Sharing</h2>
      <p>
        We share data only with service providers who help us run Stackwise — hosting, email delivery and
        payment processing — under contracts that limit their use of it, or when required by law.
      </p>
      <h2>Retention</h2>
      <p>
        Workspace data is kept while the workspace exists. When a workspace is deleted, its data is removed
        from our systems within 30 days and from backups within 90 days. Security logs are kept for up to 12
        months.
      </p>
      <h2>Your choices and rights</h2>
      <p>
        You can view and change your profile in the app at any time and ask us for a copy of your data or its
        deletion. If you are in the EEA, the UK or Switzerland, the <Link to="/legal/gdpr">GDPR page</Link>{' '}
        describes your rights in detail.
      </p>
      <h2>Security</h2>
      <p>
        Passwords are hashed with Argon2id, traffic is encrypted in transit, every workspace is isolated from
        every other, and access within a workspace follows roles.
      </p>
      <h2>Contact</h2>
      <p>
        For any privacy question or request, write to us through the <Link to="/support">support page</Link>.
        We answer within 30 days.
      </p>
    </>
  );
}

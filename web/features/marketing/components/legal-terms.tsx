import { Link } from 'react-router';

export function TermsContent() {
  return (
    <>
      <p>
        These Terms of Service (“Terms”) govern your use of Stackwise, a web application for tracking software
        subscriptions, licenses, renewals, contracts, expenses and budgets (the “Service”). By creating an
        account or using the Service you agree to these Terms on behalf of yourself and the organization you
        represent (“Customer”).
      </p>
      <h2>1. Accounts and workspaces</h2>
      <ul>
        <li>
          You must provide accurate information and keep your password confidential. You are responsible for
          activity under your account.
        </li>
        <li>
          A workspace (“organization”) belongs to the Customer. Its owner may invite members and assign roles
          (owner, admin, member, viewer).
        </li>
        <li>You must be at least 18 years old and able to enter into a binding agreement.</li>
      </ul>
      <h2>2. Plans, trials and payment</h2>
      <ul>
        <li>
          The Starter plan is free, within the limits shown on the <Link to="/pricing">pricing page</Link>.
          Growth and Scale are paid monthly or yearly in advance.
        </li>
        <li>
          Free trials of paid plans last 14 days and need no payment method. If a trial ends without payment,
          the workspace becomes read-only for a grace period and then must be upgraded or moved to Starter.
        </li>
        <li>
          With a payment method on file and auto-renew turned on, a trial converts to the paid plan at its
          end, and paid plans renew automatically for the same period until cancelled.
        </li>
        <li>
          Prices are in US dollars and exclude taxes, which are added where required. We give at least 30
          days’ notice of price changes, effective at your next renewal.
        </li>
        <li>
          Refunds are governed by our <Link to="/legal/refund">Refund Policy</Link>.
        </li>
      </ul>
      <h2>3. Customer data</h2>
      <p>
        Everything you or your members enter or upload (“Customer Data”) remains yours. You grant us a limited
        licence to host, process and display Customer Data solely to provide and improve the Service for you.
        We process personal data as described in the <Link to="/legal/privacy">Privacy Policy</Link> and,
        where the GDPR applies, as your processor under our{' '}
        <Link to="/legal/gdpr">data processing terms</Link>.
      </p>
      <h2>4. Acceptable use</h2>
      <ul>
        <li>
          Do not use the Service to break the law, infringe others’ rights, or store content you have no right
          to share.
        </li>
        <li>
          Do not probe, scan or test the vulnerability of the Service, or circumvent its access controls or
          plan limits.
        </li>
        <li>Do not resell the Service or use it to build a competing product.</li>
        <li>API access (Scale) is subject to reasonable rate limits.</li>
      </ul>
      <h2>5. Availability and support</h2>
      <p>
        We work to keep the Service available and secure but do not guarantee uninterrupted operation. Planned
        maintenance is announced in advance where possible. Support is provided through the{' '}
        <Link to="/support">support page</Link>.
      </p>
      <h2>6. AI-generated insights</h2>
      <p>
        Insights and savings estimates are generated automatically from your data and are provided for
        information. They are not financial, legal or procurement advice; check them before acting.
      </p>
      <h2>7. Termination</h2>
      <p>
        You may stop using the Service and cancel a paid plan at any time; cancellation takes effect at the
        end of the paid period. We may suspend or terminate accounts that breach these Terms, with notice
        where reasonable. After termination you may request an export of Customer Data for 30 days, after
        which it is deleted.
      </p>
      <h2>8. Liability</h2>
      <p>
        To the extent permitted by law, the Service is provided “as is”, and neither party is liable for
        indirect or consequential losses. Our total liability for any claim is limited to the amounts you paid
        for the Service in the 12 months before the claim. Nothing in these Terms limits liability that cannot
        be limited by law.
      </p>
      <h2>9. Changes</h2>
      <p>
        We may update these Terms. Material changes are announced by email or in the app at least 30 days
        before they take effect. Continuing to use the Service after that date means you accept the updated
        Terms.
      </p>
      <h2>10. Contact</h2>
      <p>
        Questions about these Terms: write to us through the <Link to="/support">support page</Link>.
      </p>
    </>
  );
}

import { Link } from 'react-router';

export function RefundContent() {
  return (
    <>
      <p>
        We want you to pay for Stackwise only when it is worth it. That is why paid plans start with a free
        trial. This policy explains what happens when you cancel or change plans.
      </p>
      <h2>Free trials</h2>
      <p>
        Trials of Growth and Scale last 14 days, need no credit card, and cost nothing. If you add a payment
        method and turn on auto-renew, you are charged when the trial ends; turn auto-renew off before then
        and you will not be charged.
      </p>
      <h2>Monthly plans</h2>
      <ul>
        <li>
          You can cancel at any time. Cancellation takes effect at the end of the month you have paid for, and
          you keep access until then.
        </li>
        <li>We do not refund partial months.</li>
      </ul>
      <h2>Yearly plans</h2>
      <ul>
        <li>Yearly plans cost ten months of the monthly price.</li>
        <li>If you cancel within 14 days of a new yearly purchase or renewal, we refund the full amount.</li>
        <li>
          After 14 days, cancellation takes effect at the end of the paid year and no partial refund is given.
        </li>
      </ul>
      <h2>Upgrades and downgrades</h2>
      <ul>
        <li>
          Upgrades take effect immediately; the price difference for the rest of the period is charged pro
          rata.
        </li>
        <li>
          Downgrades take effect at the end of the current paid period. Nothing you have entered is deleted,
          though features of the higher plan stop being available.
        </li>
      </ul>
      <h2>Billing errors</h2>
      <p>
        If we charged you in error — twice, or after you cancelled — we refund the full amount of the mistaken
        charge.
      </p>
      <h2>How to ask for a refund</h2>
      <p>
        Write to us through the <Link to="/support">support page</Link> from the email address of the
        workspace owner, with the workspace name and the date of the charge. Approved refunds go back to the
        original payment method, usually within 5–10 business days.
      </p>
    </>
  );
}

import { Check, Minus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PLAN_IDS, PLANS } from '@common/plans';
import { COMPARED_FEATURES, LIMIT_ROWS, planIncludes, type Billing } from '@/lib/pricing-matrix';
import { BillingToggle } from '@/components/billing/billing-toggle';
import { FaqList, type Faq } from './faq-list';
import { CtaBand, PageHero, Section, SectionHeading } from './marketing-ui';
import { PricingCards } from './pricing-cards';

const FAQS: Faq[] = [
  {
    question: 'How does the free trial work?',
    answer:
      'Start a 14-day trial of Growth or Scale from inside the app. No credit card is needed. Three days before the trial ends we remind you by email and in the app. Add a payment method and turn on auto-renew to continue without interruption.',
  },
  {
    question: 'What happens when a trial ends without payment?',
    answer:
      'Your data is kept. The workspace becomes read-only for a short grace period, during which you can still view and export everything. After that you choose: upgrade, or downgrade to the free Starter plan.',
  },
  {
    question: 'How does yearly billing work?',
    answer:
      'Yearly billing costs ten months: Growth is $490 a year instead of $588, and Scale is $1,990 instead of $2,388. You pay once a year, in advance.',
  },
  {
    question: 'What counts as an application?',
    answer:
      'Each piece of software you track — Slack, Figma, your CRM — counts once, however many seats or contracts it has. Starter tracks up to 15; Growth and Scale have no limit.',
  },
  {
    question: 'Can I change plans later?',
    answer:
      'Yes. Upgrades take effect immediately. Downgrades take effect at the end of the period you have paid for, and nothing you entered is deleted.',
  },
  {
    question: 'Do you offer refunds?',
    answer: (
      <>
        Yearly plans can be refunded in full within 14 days of purchase. See the{' '}
        <Link to="/legal/refund">refund policy</Link> for the details.
      </>
    ),
  },
];

/** /pricing: the three plans, monthly or yearly, and a full comparison. */
export function PricingPage() {
  const [billing, setBilling] = useState<Billing>('monthly');
  return (
    <>
      <PageHero eyebrow="Pricing" title="Simple pricing that pays for itself">
        Start free with up to 15 applications. Try Growth or Scale free for 14 days — no credit card needed.
      </PageHero>
      <Section className="pt-12 sm:pt-16">
        <div className="mb-10 flex justify-center">
          <BillingToggle value={billing} onChange={setBilling} />
        </div>
        <PricingCards billing={billing} />
      </Section>

      <Section className="border-t">
        <SectionHeading title="Compare plans" />
        <div className="mt-10 overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">What each plan includes</caption>
            <thead>
              <tr className="border-b bg-muted/40">
                <th scope="col" className="px-4 py-3 text-left font-medium text-muted-foreground">
                  Limits and features
                </th>
                {PLAN_IDS.map((id) => (
                  <th key={id} scope="col" className="px-4 py-3 text-center font-semibold">
                    {PLANS[id].name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {LIMIT_ROWS.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="px-4 py-3 text-left font-normal">
                    {row.label}
                  </th>
                  {PLAN_IDS.map((id) => (
                    <td key={id} className="px-4 py-3 text-center tabular-nums">
                      {row.value(id)}
                    </td>
                  ))}
                </tr>
              ))}
              {COMPARED_FEATURES.map((feature) => (
                <tr key={feature}>
                  <th scope="row" className="px-4 py-3 text-left font-normal">
                    {feature}
                  </th>
                  {PLAN_IDS.map((id) => (
                    <td key={id} className="px-4 py-3 text-center">
                      {planIncludes(id, feature) ? (
                        <Check className="mx-auto size-4 text-primary" aria-label="Included" />
                      ) : (
                        <Minus
                          className="mx-auto size-4 text-muted-foreground/50"
                          aria-label="Not included"
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-center text-xs text-muted-foreground">
          Every plan includes renewal alerts, the dashboard, applications, renewals, expenses, notifications
          and users.
        </p>
      </Section>

      <Section className="max-w-3xl border-t">
        <SectionHeading title="Pricing questions" />
        <div className="mt-10">
          <FaqList items={FAQS} />
        </div>
      </Section>
      <CtaBand />
    </>
  );
}

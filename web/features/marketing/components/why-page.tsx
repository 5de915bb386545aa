import { Link } from 'react-router';
import { CalendarCheck2, Clock3, Database, HandCoins, Lock, Users } from 'lucide-react';
import { CtaBand, FeatureCard, PageHero, Section, SectionHeading } from './marketing-ui';

const REASONS = [
  {
    icon: Clock3,
    title: 'Useful on day one',
    text: 'No integrations to approve or agents to deploy. Type or import your applications and forward invoices; reminders start working immediately.',
  },
  {
    icon: CalendarCheck2,
    title: 'Deadlines, not just dates',
    text: 'Notice periods become cancel-by dates with reminders — the single most common way companies overpay for software.',
  },
  {
    icon: Users,
    title: 'Finance and IT in one place',
    text: 'Finance sees spend, budgets and renewals; IT sees seats, owners and usage. Roles keep each to what they should change.',
  },
  {
    icon: HandCoins,
    title: 'Priced in the open',
    text: 'Free for up to 15 applications, $49 or $199 a month after that, yearly for the price of ten months. No sales call required.',
  },
  {
    icon: Database,
    title: 'Your data stays yours',
    text: 'Nothing is locked in: Growth and Scale export every list to CSV, and Scale adds the same data through the API.',
  },
  {
    icon: Lock,
    title: 'Secure by default',
    text: 'Passwords hashed with Argon2id, sessions in HttpOnly cookies, every workspace isolated from every other, and every change recorded in an audit trail.',
  },
];

/** /why-stackwise */
export function WhyPage() {
  return (
    <>
      <PageHero
        eyebrow="Why Stackwise"
        title="Software is your fastest-growing cost. It should not be your least managed."
      >
        Companies add tools faster than anyone can track them. Stackwise gives finance and IT one place to see
        every application, every renewal and every dollar — and to act before money is lost.
      </PageHero>
      <Section>
        <SectionHeading title="Six reasons teams choose Stackwise" />
        <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((r) => (
            <FeatureCard key={r.title} icon={r.icon} title={r.title}>
              {r.text}
            </FeatureCard>
          ))}
        </div>
      </Section>
      <Section className="max-w-3xl border-t">
        <SectionHeading title="Who it is for" align="left" />
        <div className="mt-6 grid gap-4 text-muted-foreground">
          <p>
            Stackwise is built for companies of roughly ten to a thousand people: big enough that nobody knows
            every tool that is being paid for, small enough that a dedicated SaaS-management team and a
            six-month rollout are out of the question.
          </p>
          <p>
            It is usually owned by finance — a controller, a finance manager or the CFO — with IT keeping
            seats and owners up to date. Department heads get read access to the tools and budgets they are
            responsible for.
          </p>
          <p>
            If you need a negotiation service or automated discovery across thousands of employees, the{' '}
            <Link to="/marketing/competitors" className="font-medium text-primary hover:underline">
              comparison page
            </Link>{' '}
            says honestly which tools do that better.
          </p>
        </div>
      </Section>
      <CtaBand />
    </>
  );
}

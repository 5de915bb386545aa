import {
  ArrowRight,
  BellRing,
  BrainCircuit,
  CalendarClock,
  FileSignature,
  Inbox,
  KeyRound,
  Receipt,
  Users,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  CheckList,
  CtaBand,
  FeatureCard,
  Section,
  SectionHeading,
  SignUpButton,
  SplitFeature,
} from './marketing-ui';
import { PricingCards } from './pricing-cards';
import { DashboardPreview } from './dashboard-preview';
import { ContractPreview, InsightsPreview, RenewalsPreview } from './product-previews';

const STEPS = [
  {
    title: 'List what you pay for',
    text: 'Type your applications, pick them from a catalogue of well-known SaaS, or import a card statement. Most teams have a first list in under ten minutes.',
  },
  {
    title: 'Forward the invoices',
    text: 'Every workspace gets a unique email address. Forward or auto-forward invoices and Stackwise turns them into applications and expenses.',
  },
  {
    title: 'Act before money is lost',
    text: 'Renewal and cancel-by reminders, unused seats and overlapping tools arrive as alerts and daily insights — with the saving in your currency.',
  },
];

const FEATURES = [
  {
    icon: CalendarClock,
    title: 'Renewals and cancel-by dates',
    text: 'Notice periods turned into real deadlines, with reminders before each one.',
  },
  {
    icon: KeyRound,
    title: 'Licenses and seats',
    text: 'Who holds each seat and when they last used it, so unused ones are reclaimed.',
  },
  {
    icon: Receipt,
    title: 'Expenses, matched',
    text: 'Card and invoice lines matched to applications to show what you actually paid.',
  },
  {
    icon: Wallet,
    title: 'Budgets',
    text: 'Budgets by team, category or application, with alerts when spend runs ahead.',
  },
  {
    icon: BrainCircuit,
    title: 'AI insights, daily',
    text: 'Overlaps, price increases and cheaper billing cycles, found every morning.',
  },
  {
    icon: Users,
    title: 'Built for two teams',
    text: 'Finance sees spend and budgets; IT sees seats and owners. One source of truth.',
  },
];

/** The home page: what Stackwise does, what it looks like, what it costs. */
export function HomePage() {
  return (
    <>
      <div className="relative overflow-hidden">
        <div className="pointer-events-none absolute inset-0 bg-grid [mask-image:radial-gradient(ellipse_at_top,black,transparent_65%)]" />
        <div className="pointer-events-none absolute left-1/2 top-[-10rem] h-[28rem] w-[56rem] max-w-[150vw] -translate-x-1/2 rounded-full bg-primary/20 blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl gap-12 px-4 pb-16 pt-16 sm:px-6 sm:pt-24">
          <div className="mx-auto grid max-w-3xl gap-6 text-center">
            <Link
              to="/platform/ai-intelligence"
              className="mx-auto inline-flex items-center gap-2 rounded-full border bg-background/60 px-3 py-1 text-xs text-muted-foreground backdrop-blur transition-colors hover:text-foreground"
            >
              <span className="rounded-full bg-primary/15 px-2 py-0.5 font-medium text-primary">New</span>
              Daily AI cost insights
              <ArrowRight className="size-3" aria-hidden />
            </Link>
            <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              Every SaaS dollar,{' '}
              <span className="bg-gradient-to-r from-indigo-400 via-violet-400 to-fuchsia-400 bg-clip-text text-transparent">
                accounted for
              </span>
              .
            </h1>
            <p className="mx-auto max-w-2xl text-base text-muted-foreground text-balance sm:text-lg">
              Stackwise tracks every software application your company pays for — what it costs, who uses it,
              when it renews and by when you must cancel — and tells you where money is being wasted.
            </p>
            <div className="flex flex-wrap justify-center gap-3">
              <SignUpButton />
              <Button size="lg" variant="outline" asChild>
                <Link to="/pricing">See pricing</Link>
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Free for up to 15 applications · 14-day Growth trial · no credit card
            </p>
          </div>
          <DashboardPreview />
        </div>
      </div>

      <Section>
        <SectionHeading eyebrow="How it works" title="From a scattered stack to a system in three steps">
          No integrations to approve and no agents to install. Start with what you know and let invoices fill
          the gaps.
        </SectionHeading>
        <ol className="mt-12 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6">
              <span className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <h3 className="mt-4 text-base font-semibold">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section className="grid gap-24 border-t">
        <SplitFeature eyebrow="Renewals" title="Never renew by accident again" visual={<RenewalsPreview />}>
          <p>
            Most SaaS contracts renew automatically, and many require notice 30, 60 or 90 days before the
            renewal date. Stackwise works out the real deadline — the cancel-by date — and reminds you before
            it passes.
          </p>
          <CheckList
            items={[
              'Reminders before renewal and before the notice deadline',
              'Month-end and multi-year renewals handled correctly',
              'A renewal calendar the whole finance team can read',
            ]}
          />
        </SplitFeature>
        <SplitFeature
          reverse
          eyebrow="AI insights"
          title="Savings, found every morning"
          visual={<InsightsPreview />}
        >
          <p>
            Each day Stackwise reviews your applications, seats and expenses and writes up what it finds:
            seats nobody used, two tools doing one job, a plan that costs less billed annually. Every insight
            comes with the yearly saving.
          </p>
          <Button variant="link" asChild className="justify-self-start px-0">
            <Link to="/platform/ai-intelligence">
              How the insights work
              <ArrowRight />
            </Link>
          </Button>
        </SplitFeature>
        <SplitFeature
          eyebrow="Contracts"
          title="Terms you can find when they matter"
          visual={<ContractPreview />}
        >
          <p>
            Keep the signed contract, the term, the notice period and the price-increase cap next to the
            application they belong to. When a renewal quote arrives, the facts for the negotiation are one
            click away.
          </p>
          <Button variant="link" asChild className="justify-self-start px-0">
            <Link to="/platform/contract-management">
              Contract management
              <ArrowRight />
            </Link>
          </Button>
        </SplitFeature>
      </Section>

      <Section className="border-t">
        <SectionHeading
          eyebrow="Everything in one place"
          title="What finance and IT need, without the enterprise overhead"
        />
        <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((f) => (
            <FeatureCard key={f.title} icon={f.icon} title={f.title}>
              {f.text}
            </FeatureCard>
          ))}
          <div className="rounded-xl border border-dashed p-6 sm:col-span-2 lg:col-span-3">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Inbox className="size-5" aria-hidden />
              </span>
              <p className="flex-1 text-sm text-muted-foreground">
                <span className="font-semibold text-foreground">Invoice forwarding.</span> Send invoices to
                your workspace’s unique address and Stackwise records the vendor, amount and date — no manual
                entry.
              </p>
              <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
                <BellRing className="size-4" aria-hidden />
                <FileSignature className="size-4" aria-hidden />
                Alerts, contracts, vendors, reports
              </span>
            </div>
          </div>
        </div>
      </Section>

      <Section className="border-t">
        <SectionHeading eyebrow="Pricing" title="Start free. Upgrade when it pays for itself.">
          Growth usually pays for itself with the first cancelled seat or avoided renewal.
        </SectionHeading>
        <div className="mt-12">
          <PricingCards billing="monthly" />
        </div>
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Yearly billing costs ten months.{' '}
          <Link to="/pricing" className="font-medium text-primary hover:underline">
            Compare plans in detail
          </Link>
        </p>
      </Section>

      <CtaBand />
    </>
  );
}

import { BarChart3, Copy, Gauge, Repeat, ShieldCheck, TrendingUp } from 'lucide-react';
import {
  CheckList,
  CtaBand,
  FeatureCard,
  PageHero,
  Section,
  SectionHeading,
  SignUpButton,
  SplitFeature,
} from './marketing-ui';
import { InsightsPreview } from './product-previews';

/** /platform/ai-intelligence */
export function PlatformAiPage() {
  return (
    <>
      <PageHero
        eyebrow="AI intelligence"
        title="A cost analyst that reads your stack every morning"
        actions={<SignUpButton>Try Growth free for 14 days</SignUpButton>}
      >
        Stackwise generates cost-optimisation insights daily from your applications, seats, contracts and
        expenses — each one specific, explained and priced in your currency.
      </PageHero>
      <Section>
        <SplitFeature
          eyebrow="Daily insights"
          title="Specific enough to act on today"
          visual={<InsightsPreview />}
        >
          <p>
            Generic advice like “review your subscriptions” is not an insight. Each Stackwise insight names
            the application, the evidence and the estimated yearly saving, and links to the place where you
            can act on it.
          </p>
          <CheckList
            items={[
              'Generated every day; new findings appear at the top',
              'Dismiss what does not apply; it will not come back for the same reason',
              'Turn an insight into a task in the savings pipeline',
            ]}
          />
        </SplitFeature>
      </Section>
      <Section className="border-t">
        <SectionHeading eyebrow="What it looks for" title="The patterns that waste the most money" />
        <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={Gauge} title="Unused seats">
            Seats with no recorded activity for 30, 60 or 90 days, counted before the next renewal.
          </FeatureCard>
          <FeatureCard icon={Copy} title="Overlapping tools">
            Two or more applications in the same category doing the same job — three video tools, two
            whiteboards.
          </FeatureCard>
          <FeatureCard icon={Repeat} title="Billing cycle">
            Monthly plans that would cost less billed annually, and annual plans nobody will use for a full
            year.
          </FeatureCard>
          <FeatureCard icon={TrendingUp} title="Price increases">
            Renewals that cost more than last time, compared against the cap in your contract.
          </FeatureCard>
          <FeatureCard icon={BarChart3} title="Benchmarks">
            What companies of your size typically pay per seat for the same tool, from public list prices.
          </FeatureCard>
          <FeatureCard icon={ShieldCheck} title="Private by design">
            Insights are computed from your workspace only. Your data is never used to train models or shared
            with vendors.
          </FeatureCard>
        </div>
      </Section>
      <Section className="max-w-3xl border-t">
        <SectionHeading title="How it works" align="left" />
        <ol className="mt-8 grid gap-6">
          {[
            [
              'Collect',
              'Applications, license assignments, contracts and matched expenses form the picture of your stack.',
            ],
            [
              'Analyse',
              'Each night, Stackwise analyses your workspace for the patterns above and estimates the yearly saving of each.',
            ],
            [
              'Explain',
              'Every insight is written in plain language with the numbers behind it, so you can check it before acting.',
            ],
          ].map(([title, text], index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full border text-sm font-semibold">
                {index + 1}
              </span>
              <div>
                <p className="font-semibold">{title}</p>
                <p className="mt-1 text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-sm text-muted-foreground">AI insights are included in Growth and Scale.</p>
      </Section>
      <CtaBand title="Let the insights find the first saving" />
    </>
  );
}

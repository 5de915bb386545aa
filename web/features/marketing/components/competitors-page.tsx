import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { COMPETITORS, STACKWISE_SUMMARY, type Competitor } from '../competitors';
import { CtaBand, PageHero, Section, SectionHeading } from './marketing-ui';

function CompetitorCard({ competitor, highlight }: { competitor: Competitor; highlight?: boolean }) {
  return (
    <Card className={cn('flex flex-col gap-4 p-6', highlight && 'border-primary/50 ring-1 ring-primary/30')}>
      <div>
        <h3 className="text-lg font-semibold">{competitor.name}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{competitor.approach}</p>
      </div>
      <p className="text-sm">
        <span className="font-medium">Best for: </span>
        <span className="text-muted-foreground">{competitor.bestFor}</span>
      </p>
      <div className="grid gap-2 text-sm">
        {competitor.strengths.map((s) => (
          <p key={s} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-success" aria-label="Strength" />
            <span className="text-muted-foreground">{s}</span>
          </p>
        ))}
        {competitor.tradeoffs.map((t) => (
          <p key={t} className="flex gap-2">
            <Minus className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Trade-off" />
            <span className="text-muted-foreground">{t}</span>
          </p>
        ))}
      </div>
      <p className="mt-auto border-t pt-4 text-xs text-muted-foreground">Pricing: {competitor.pricing}</p>
    </Card>
  );
}

/** /marketing/competitors: an honest comparison. */
export function CompetitorsPage() {
  return (
    <>
      <PageHero
        eyebrow="Compare"
        title="Stackwise, Vendr, Zylo, Torii, Productiv, Cledara — or a spreadsheet?"
      >
        They solve related but different problems. Here is where each one is strongest, including where
        Stackwise is not the right choice.
      </PageHero>
      <Section>
        <SectionHeading title="At a glance" />
        <div className="mt-10 overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">How each option approaches SaaS management</caption>
            <thead>
              <tr className="border-b bg-muted/40 text-left">
                <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                  Option
                </th>
                <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                  Approach
                </th>
                <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                  Best for
                </th>
                <th scope="col" className="px-4 py-3 font-medium text-muted-foreground">
                  Pricing
                </th>
              </tr>
            </thead>
            <tbody className="divide-y align-top">
              {[STACKWISE_SUMMARY, ...COMPETITORS].map((c) => (
                <tr key={c.name} className={cn(c.name === 'Stackwise' && 'bg-primary/5')}>
                  <th
                    scope="row"
                    className={cn(
                      'px-4 py-3 text-left font-semibold',
                      c.name === 'Stackwise' && 'text-primary',
                    )}
                  >
                    {c.name}
                  </th>
                  <td className="px-4 py-3 text-muted-foreground">{c.approach}</td>
                  <td className="px-4 py-3 text-muted-foreground">{c.bestFor}</td>
                  <td className="whitespace-nowrap px-4 py-3">{c.pricing}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-xs text-muted-foreground">
          Based on each vendor’s public website at the time of writing. Products change; check with them
          before deciding. Tell us if something here is out of date through the{' '}
          <Link to="/support">support page</Link>.
        </p>
      </Section>
      <Section className="border-t">
        <SectionHeading title="In more detail" />
        <div className="mt-10 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          <CompetitorCard competitor={STACKWISE_SUMMARY} highlight />
          {COMPETITORS.map((c) => (
            <CompetitorCard key={c.name} competitor={c} />
          ))}
        </div>
      </Section>
      <CtaBand
        title="Try it on your own stack"
        text="The Starter plan is free for up to 15 applications. See for yourself in ten minutes."
      />
    </>
  );
}

import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CtaBand, PageHero, Section, SectionHeading } from './marketing-ui';

const SCENARIOS = [
  {
    from: 'a spreadsheet',
    switchIf: [
      'A renewal has slipped through because nobody saw the notice deadline',
      'The sheet lists costs nobody has checked against actual invoices',
      'More than one person needs to keep it up to date',
    ],
    stayIf: ['You have fewer than ten tools and one person who owns them all'],
    how: 'Paste or import your list, add notice periods to the contracts that have them, and forward a month of invoices. The first reminders are set up from there.',
  },
  {
    from: 'Vendr',
    switchIf: [
      'You want to own the data and the negotiations yourself',
      'Most of your contracts are below the size where a buying service pays off',
      'You need day-to-day tracking of seats, expenses and budgets',
    ],
    stayIf: ['You buy large contracts and value experienced negotiators doing it for you'],
    how: 'Export your contract list, import it as applications and contracts, and keep your own renewal calendar in Stackwise.',
  },
  {
    from: 'Zylo or Productiv',
    switchIf: [
      'Your company is small or mid-sized and an enterprise rollout is more than you need',
      'You want published pricing and a free plan to start',
      'Finance, not a dedicated SaaS team, owns software spend',
    ],
    stayIf: ['You need automated discovery through SSO and browser data across thousands of employees'],
    how: 'Export applications and contract dates to CSV and import them. License assignments can be added per application as you go.',
  },
  {
    from: 'Torii',
    switchIf: [
      'Finance needs budgets, expenses and renewals more than IT needs automation',
      'You want a simpler tool the whole team will actually open',
    ],
    stayIf: ['Automating onboarding and offboarding workflows is your main goal'],
    how: 'Bring over your application list and owners; Stackwise keeps the spend, contract and renewal side.',
  },
  {
    from: 'Cledara',
    switchIf: [
      'You do not want to move every subscription onto new cards',
      'Contracts, notice periods and cancel-by dates matter as much as payments',
    ],
    stayIf: ['Paying for each subscription with its own virtual card is what you are after'],
    how: 'Import your subscriptions from a CSV export and keep paying the way you do today.',
  },
];

/** /marketing/alternatives: when Stackwise is a good alternative, and when it is not. */
export function AlternativesPage() {
  return (
    <>
      <PageHero eyebrow="Alternatives" title="Looking for an alternative for managing SaaS spend?">
        Whether you are outgrowing a spreadsheet or looking for something lighter than an enterprise platform,
        here is when switching to Stackwise makes sense — and when it does not.
      </PageHero>
      <Section className="grid gap-6">
        {SCENARIOS.map((s) => (
          <Card key={s.from} className="grid gap-6 p-6 sm:p-8 lg:grid-cols-3">
            <div className="grid content-start gap-2">
              <p className="text-sm font-medium text-muted-foreground">Switching from</p>
              <h2 className="text-2xl font-semibold tracking-tight">
                {s.from[0].toUpperCase() + s.from.slice(1)}
              </h2>
            </div>
            <div className="grid content-start gap-3">
              <p className="text-sm font-semibold">Stackwise is a good fit if</p>
              <ul className="grid gap-2 text-sm text-muted-foreground">
                {s.switchIf.map((line) => (
                  <li key={line} className="flex gap-2">
                    <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                    {line}
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-sm font-semibold">Stay where you are if</p>
              <ul className="grid gap-2 text-sm text-muted-foreground">
                {s.stayIf.map((line) => (
                  <li key={line} className="flex gap-2">
                    <span className="mt-2 size-1.5 shrink-0 rounded-full bg-muted-foreground/50" />
                    {line}
                  </li>
                ))}
              </ul>
            </div>
            <div className="grid content-start gap-2 rounded-lg bg-muted/50 p-4">
              <p className="text-sm font-semibold">How to move</p>
              <p className="text-sm text-muted-foreground">{s.how}</p>
            </div>
          </Card>
        ))}
      </Section>
      <Section className="border-t">
        <SectionHeading title="Want the side-by-side view?">
          See approach, best fit and pricing for every option in one table.
        </SectionHeading>
        <div className="mt-8 flex justify-center">
          <Button variant="outline" asChild>
            <Link to="/marketing/competitors">
              Compare all options
              <ArrowRight />
            </Link>
          </Button>
        </div>
      </Section>
      <CtaBand />
    </>
  );
}

import { CalendarClock, FileSpreadsheet, Inbox, KeyRound, Layers, Receipt, Wallet } from 'lucide-react';
import {
  CheckList,
  CtaBand,
  FeatureCard,
  PageHero,
  RequestDemoButton,
  Section,
  SectionHeading,
  SignUpButton,
  SplitFeature,
} from './marketing-ui';
import { DashboardPreview } from './dashboard-preview';
import { CategoryPreview, RenewalsPreview } from './product-previews';

/** /platform/saas-spend-management */
export function PlatformSpendPage() {
  return (
    <>
      <PageHero
        eyebrow="SaaS spend management"
        title="Know what you pay for, who uses it and when it renews"
        actions={
          <>
            <SignUpButton />
            <RequestDemoButton />
          </>
        }
      >
        A single, always-current inventory of your software: costs normalised to a month and a year in your
        currency, owners, seats, renewal dates and the spend behind each one.
      </PageHero>
      <Section>
        <DashboardPreview />
      </Section>
      <Section className="grid gap-24 border-t">
        <SplitFeature
          eyebrow="Inventory"
          title="One list instead of five spreadsheets"
          visual={<CategoryPreview />}
        >
          <p>
            Each application records its vendor, owner, department, category, billing cycle, pricing model
            (per seat, flat or usage), seats and price — plus the payment method it is charged to. Weekly,
            monthly, quarterly, annual and multi-year billing are all normalised so you can compare like with
            like.
          </p>
          <CheckList
            items={[
              'A catalogue of well-known SaaS with categories and list prices',
              'Price history, so every increase is on record',
              'Tags, use cases and projects to slice spend your way',
            ]}
          />
        </SplitFeature>
        <SplitFeature
          reverse
          eyebrow="Renewals"
          title="Deadlines, not just dates"
          visual={<RenewalsPreview />}
        >
          <p>
            A renewal date is only half the story. With the notice period recorded, Stackwise calculates the
            cancel-by date and warns you before it — in the app and by email.
          </p>
          <CheckList
            items={[
              'Reminders at the intervals you choose',
              'Auto-renewing contracts flagged for a decision',
              'A calendar of every renewal by month',
            ]}
          />
        </SplitFeature>
      </Section>
      <Section className="border-t">
        <SectionHeading eyebrow="What is included" title="Spend management end to end" />
        <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={Inbox} title="Invoice forwarding">
            A unique address per workspace. Forwarded invoices become expenses and, when new, applications.
          </FeatureCard>
          <FeatureCard icon={FileSpreadsheet} title="Expense import">
            Upload card or accounting exports as CSV. Merchant names are matched to applications
            automatically.
          </FeatureCard>
          <FeatureCard icon={Receipt} title="Actual vs. expected">
            See what you paid next to what the contract says you should pay, month by month.
          </FeatureCard>
          <FeatureCard icon={KeyRound} title="Seats and licenses">
            Assign seats to people and record last activity. Unused seats show up before renewal.
          </FeatureCard>
          <FeatureCard icon={Wallet} title="Budgets">
            Budgets for the company, a department, a category or one application, with threshold alerts.
          </FeatureCard>
          <FeatureCard icon={Layers} title="Brands and entities">
            Groups with several brands or legal entities see spend per entity and consolidated (Scale).
          </FeatureCard>
        </div>
        <div className="mt-10 flex items-center justify-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden />
          Works with the billing cycles you actually have — including month-end and multi-year renewals.
        </div>
      </Section>
      <CtaBand />
    </>
  );
}

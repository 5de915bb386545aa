import { BellRing, FileLock2, FileSignature, History, Percent, Search } from 'lucide-react';
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
import { ContractPreview, RenewalsPreview } from './product-previews';

/** /platform/contract-management */
export function PlatformContractsPage() {
  return (
    <>
      <PageHero
        eyebrow="Contract management"
        title="Every software contract, with its deadlines attached"
        actions={<SignUpButton />}
      >
        Store the signed agreement, order forms and amendments next to the application. Stackwise tracks the
        term, notice period and price-increase cap, and tells you when a decision is due.
      </PageHero>
      <Section>
        <SplitFeature
          eyebrow="Terms"
          title="The facts for every renewal negotiation"
          visual={<ContractPreview />}
        >
          <p>
            Contracts record their start and end dates, renewal term, whether they auto-renew, the notice
            period, the total value and any cap on price increases. When the vendor sends a renewal quote, you
            know immediately whether it is within the terms.
          </p>
          <CheckList
            items={[
              'Documents attached and searchable',
              'Renewal chains: each contract links to the one it replaced',
              'Status: active, expiring, renewed or cancelled',
            ]}
          />
        </SplitFeature>
      </Section>
      <Section className="border-t">
        <SplitFeature
          reverse
          eyebrow="Deadlines"
          title="Notice periods you cannot forget"
          visual={<RenewalsPreview />}
        >
          <p>
            A 90-day notice clause on a three-year contract is easy to miss. Stackwise turns it into a
            cancel-by date and sends reminders to the application owner and to finance beforehand.
          </p>
        </SplitFeature>
      </Section>
      <Section className="border-t">
        <SectionHeading eyebrow="Included" title="Built for the way software is actually bought" />
        <div className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={FileSignature} title="All document types">
            Master agreements, order forms, amendments and invoices, stored with the application.
          </FeatureCard>
          <FeatureCard icon={BellRing} title="Expiry alerts">
            Contract-expiry and auto-renewal notifications at the intervals you set.
          </FeatureCard>
          <FeatureCard icon={Percent} title="Price caps">
            Record negotiated caps and see at a glance when a renewal quote exceeds them.
          </FeatureCard>
          <FeatureCard icon={History} title="Full history">
            Every price change and renewal is kept, so next year’s negotiation starts with facts.
          </FeatureCard>
          <FeatureCard icon={Search} title="Find anything">
            Search contracts by vendor, owner, end date or value.
          </FeatureCard>
          <FeatureCard icon={FileLock2} title="Access by role">
            Owners and admins manage contracts; viewers can read them without changing anything.
          </FeatureCard>
        </div>
      </Section>
      <CtaBand title="Put every contract deadline on one calendar" />
    </>
  );
}

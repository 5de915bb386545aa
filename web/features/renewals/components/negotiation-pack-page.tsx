import { Download } from 'lucide-react';
import { useParams } from 'react-router';
import { BackLink, DetailLoadError } from '@/components/layout/detail-page-parts';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCalendarDate } from '@/lib/format';
import { negotiationPackUrl, useNegotiationPack } from '../api/get-negotiation-pack';
import { PackEmailCard } from './pack-email-card';
import {
  BenchmarkSection,
  LeversSection,
  OpportunitiesSection,
  PriceHistorySection,
  SeatsSection,
  TargetSection,
  TermsSection,
} from './pack-sections';

/** /app/renewals/:id/pack — what to take into a renewal negotiation, on one page. */
export function NegotiationPackPage() {
  const { id = '' } = useParams();
  const pack = useNegotiationPack(id);
  if (pack.isPending) return <Spinner />;
  if (pack.isError) {
    return (
      <DetailLoadError
        error={pack.error}
        missing="This application does not exist."
        backTo="/app/renewals"
        backLabel="Back to renewals"
      />
    );
  }
  const p = pack.data;
  return (
    <div className="grid gap-4">
      <BackLink to="/app/renewals" label="Renewals" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{p.name}: negotiation pack</h1>
          <p className="text-sm text-muted-foreground">
            {p.vendorName ?? p.name}
            {p.terms.renewalDate && ` · renews ${formatCalendarDate(p.terms.renewalDate)}`}
            {p.terms.cancelByDate && ` · cancel by ${formatCalendarDate(p.terms.cancelByDate)}`}
          </p>
        </div>
        <div className="flex gap-2">
          <a
            className={buttonVariants({ variant: 'outline' })}
            href={negotiationPackUrl(p.subscriptionId, 'pdf')}
            download
          >
            <Download /> Download PDF
          </a>
          <a
            className={buttonVariants({ variant: 'outline' })}
            href={negotiationPackUrl(p.subscriptionId, 'md')}
            download
          >
            <Download /> Download Markdown
          </a>
        </div>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <TermsSection pack={p} />
        <SeatsSection seats={p.seats} />
        <TargetSection pack={p} />
        <LeversSection pack={p} />
        <BenchmarkSection benchmark={p.benchmark} />
        <PriceHistorySection history={p.priceHistory} />
        <OpportunitiesSection items={p.opportunities} />
      </div>
      <PackEmailCard key={p.generatedAt} email={p.email} />
    </div>
  );
}

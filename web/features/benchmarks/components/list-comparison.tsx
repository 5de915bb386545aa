import type { ListPriceBenchmarkWire, NormalisedPriceWire } from '@common/contracts/benchmarks';
import { Badge } from '@/components/ui/badge';
import { formatCalendarDate } from '@/lib/format';
import { money, perMonthText, signedPercent } from '@/lib/benchmarks/format';

type ListPoint = NonNullable<ListPriceBenchmarkWire['monthly']>;

const PERIOD_LABELS = { month: 'Billed monthly', year: 'Billed annually' } as const;

/** Above list is worth a look (warning); below it is good news (success). */
export function DifferenceBadge({ percent }: { percent: number }) {
  const text = signedPercent(percent);
  if (text === '0%') return <Badge variant="secondary">At list price</Badge>;
  return <Badge variant={percent > 0 ? 'warning' : 'success'}>{text} vs list</Badge>;
}

function differenceSentence(list: ListPriceBenchmarkWire, currency: string): string {
  const period = list.comparedWith === 'year' ? 'annual' : 'monthly';
  if (signedPercent(list.differencePercent) === '0%') return `You pay the ${period} list price.`;
  const more = list.differencePercent > 0;
  const percent = Math.abs(Number(list.differencePercent.toFixed(1)));
  return `You pay ${percent}% ${more ? 'more' : 'less'} than the ${period} list price: ${money(
    Math.abs(list.differenceYearlyMinor),
    currency,
  )} ${more ? 'more' : 'less'} per year.`;
}

function PointRow({
  label,
  point,
  unit,
  compared,
}: {
  label: string;
  point: ListPoint;
  unit: 'user' | 'flat';
  compared: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">
        {label}
        {compared && <span className="ml-1 text-xs font-medium text-foreground">(compared)</span>}
      </dt>
      <dd className="tabular-nums">{perMonthText(point.perMonthMinor, point.currency, unit)}</dd>
    </div>
  );
}

/** Our normalised price against the catalogue's list price: both periods, which one is compared, and why to trust it. */
export function ListComparison({
  list,
  price,
}: {
  list: ListPriceBenchmarkWire;
  price: NormalisedPriceWire;
}) {
  const compared = list.comparedWith === 'year' ? list.annual : list.monthly;
  return (
    <div className="grid gap-2" data-testid="list-comparison">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-medium">List price · {list.plan}</h4>
        <DifferenceBadge percent={list.differencePercent} />
      </div>
      <dl className="grid gap-1 text-sm">
        {list.monthly && (
          <PointRow
            label={PERIOD_LABELS.month}
            point={list.monthly}
            unit={list.unit}
            compared={list.comparedWith === 'month'}
          />
        )}
        {list.annual && (
          <PointRow
            label={PERIOD_LABELS.year}
            point={list.annual}
            unit={list.unit}
            compared={list.comparedWith === 'year'}
          />
        )}
      </dl>
      <p className="text-sm">{differenceSentence(list, price.currency)}</p>
      <div className="grid gap-0.5 text-xs text-muted-foreground">
        {compared && (
          <p>
            {compared.observedOn
              ? `Observed on ${formatCalendarDate(compared.observedOn)}`
              : 'Source shows no date'}{' '}
            ({compared.source.replace(/^https?:\/\//, '')}).
          </p>
        )}
        {compared && !compared.confirmed && (
          <p className="text-warning">
            Unconfirmed: its source did not confirm this price, so it backs no savings claim.
          </p>
        )}
        {compared?.confirmed && compared.stale && (
          <p className="text-warning">
            Stale: observed more than 12 months ago or on no known date, so it backs no savings claim.
          </p>
        )}
        {compared?.converted && (
          <p>
            Converted from {money(compared.sourceAmountMinor, compared.sourceCurrency)} per {compared.period}
            {compared.rateDate ? ` at the reference rate of ${formatCalendarDate(compared.rateDate)}` : ''}.
          </p>
        )}
        {!list.planMatched && (
          <p>No catalogue plan is named like this tier; compared with {list.plan}, the first paid plan.</p>
        )}
        <p>{list.method}</p>
      </div>
    </div>
  );
}

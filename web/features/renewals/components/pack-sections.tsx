import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { listUnavailableText, peerUnavailableText } from '@common/benchmarks/unavailable';
import type { NegotiationPack } from '@common/contracts/benchmarks';
import { daysText, inDays } from '@common/wording';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';

const PER = { user: 'per seat / month', flat: 'per month' } as const;
const day = (date: string | null) => (date ? formatCalendarDate(date) : '—');

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium tabular-nums">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function TermsSection({ pack }: { pack: NegotiationPack }) {
  const t = pack.terms;
  return (
    <Section title="Current terms">
      <dl className="grid grid-cols-2 gap-4">
        <Item label="Renewal date">{day(t.renewalDate)}</Item>
        <Item label="Cancel by">
          {day(t.cancelByDate)}
          {t.daysToCancelBy !== null && (
            <span className="block text-xs font-normal text-muted-foreground">
              {t.daysToCancelBy < 0 ? 'passed' : inDays(t.daysToCancelBy)}
            </span>
          )}
        </Item>
        <Item label="Notice period">{t.noticePeriodDays === null ? '—' : daysText(t.noticePeriodDays)}</Item>
        <Item label="Auto-renew">{t.autoRenew ? 'Yes' : 'No'}</Item>
        <Item label="Billing">{t.billingCycle}</Item>
        <Item label="Annual cost">{formatMoneyMinor(t.yearlyCostMinor, pack.currency)}</Item>
        {t.contractEndDate && <Item label="Contract ends">{day(t.contractEndDate)}</Item>}
      </dl>
    </Section>
  );
}

export function SeatsSection({ seats }: { seats: NegotiationPack['seats'] }) {
  return (
    <Section title="Seats">
      <dl className="grid grid-cols-3 gap-4">
        <Item label="Bought">{seats.bought ?? 'Unlimited'}</Item>
        <Item label="Assigned">{seats.assigned}</Item>
        <Item label={`Active (${seats.activeWindowDays} days)`}>{seats.activeUsers}</Item>
      </dl>
      {!seats.hasUsageData && (
        <p className="mt-3 text-xs text-muted-foreground">
          No usage data yet: import activity on the Licenses page to see who really uses it.
        </p>
      )}
    </Section>
  );
}

export function TargetSection({ pack }: { pack: NegotiationPack }) {
  const { target } = pack;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoneyMinor(minor, pack.currency));
  return (
    <Section title="Recommended target">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Item label="Seats">{target.seats ?? '—'}</Item>
        <Item label="Price">{money(target.perMonthMinor)}</Item>
        <Item label="Per year">{money(target.yearlyMinor)}</Item>
        <Item label="Saving per year">
          {target.savingYearlyMinor !== null && target.savingYearlyMinor > 0
            ? money(target.savingYearlyMinor)
            : '—'}
        </Item>
      </dl>
      <ul className="mt-4 grid list-disc gap-1 pl-5 text-sm" aria-label="Reasoning">
        {target.reasoning.map((sentence) => (
          <li key={sentence}>{sentence}</li>
        ))}
      </ul>
    </Section>
  );
}

export function BenchmarkSection({ benchmark }: { benchmark: NegotiationPack['benchmark'] }) {
  if (benchmark.prices.length === 0) {
    return (
      <Section title="Benchmarks">
        <p className="text-sm text-muted-foreground">No benchmark for this application yet.</p>
      </Section>
    );
  }
  return (
    <Section title="Benchmarks">
      <Table>
        <TableColumns
          columns={['Tier', { label: 'You pay', className: 'text-right' }, 'List price', 'Peers']}
        />
        <TableBody>
          {benchmark.prices.map(({ price, list, peer, listUnavailable, peerUnavailable }) => (
            <TableRow key={price.tierId ?? 'application'}>
              <TableCell>{price.tierName ?? benchmark.name}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoneyMinor(price.perMonthMinor, price.currency)} {PER[price.unit]}
              </TableCell>
              <TableCell>
                {list ? (
                  <>
                    {list.differencePercent > 0 ? '+' : ''}
                    {list.differencePercent}% vs {list.plan} (
                    {formatMoneyMinor(list.differenceYearlyMinor, price.currency)} a year)
                  </>
                ) : (
                  <span className="text-muted-foreground">{listUnavailableText(listUnavailable)}</span>
                )}
              </TableCell>
              <TableCell>
                {peer ? (
                  <>
                    median {formatMoneyMinor(peer.medianMinor, peer.currency)} · {peer.organizations}{' '}
                    organizations
                  </>
                ) : (
                  <span className="text-muted-foreground">{peerUnavailableText(peerUnavailable)}</span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

export function PriceHistorySection({ history }: { history: NegotiationPack['priceHistory'] }) {
  return (
    <Section title="Price history">
      <Table>
        <TableColumns
          columns={[
            'From',
            'Billing',
            { label: 'Seats', className: 'text-right' },
            { label: 'Monthly cost', className: 'text-right' },
          ]}
        />
        <TableBody>
          {history.map((h, i) => (
            <TableRow key={`${h.effectiveDate}-${i}`}>
              <TableCell>{day(h.effectiveDate)}</TableCell>
              <TableCell>{h.billingCycle}</TableCell>
              <TableCell className="text-right tabular-nums">{h.seats ?? '—'}</TableCell>
              <TableCell className="text-right tabular-nums">
                {formatMoneyMinor(h.monthlyMinor, h.currency)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Section>
  );
}

export function OpportunitiesSection({ items }: { items: NegotiationPack['opportunities'] }) {
  return (
    <Section title="Open savings opportunities">
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None open for this application.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {items.map((o) => (
            <li key={o.id} className="flex justify-between gap-3">
              <Link to={`/app/insights/${o.id}`} className="hover:underline">
                {o.title}
              </Link>
              <span className="tabular-nums">
                {/* The amount Insights counts in its headline, as on its card. */}
                {o.annualMinor !== null ? `${formatMoneyMinor(o.countedMinor, o.currency)} / year` : '—'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function LeversSection({ pack }: { pack: NegotiationPack }) {
  const unpriced = pack.competitors.filter((c) => c.listPerMonthMinor === null).map((c) => c.name);
  return (
    <Section title="Negotiation levers">
      <ul className="grid list-disc gap-1.5 pl-5 text-sm">
        {pack.levers.map((lever) => (
          <li key={lever.text}>{lever.text}</li>
        ))}
      </ul>
      {pack.competitors.length > 0 && (
        <>
          <h3 className="mt-4 mb-1 text-sm font-medium">Alternatives</h3>
          <ul className="grid gap-1 text-sm">
            {pack.competitors
              .filter((c) => c.listPerMonthMinor !== null && c.currency && c.unit)
              .map((c) => (
                <li key={c.catalogSlug} className="flex justify-between gap-3">
                  <span>
                    {c.name}
                    {c.plan && <span className="text-muted-foreground"> · {c.plan}</span>}
                  </span>
                  <span className="tabular-nums">
                    {formatMoneyMinor(c.listPerMonthMinor!, c.currency!)} {PER[c.unit!]}
                  </span>
                </li>
              ))}
            {unpriced.length > 0 && (
              <li className="text-muted-foreground">
                {unpriced.length === pack.competitors.length
                  ? `None of the alternatives in the catalogue has a public list price: ${unpriced.join(', ')}. Ask them for a quote to compare.`
                  : `Also in the catalogue, without a public list price: ${unpriced.join(', ')}.`}
              </li>
            )}
          </ul>
        </>
      )}
    </Section>
  );
}

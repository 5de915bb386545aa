// The pack as a document: headed sections of sentences, bullets and tables. The Markdown and PDF
// downloads both render this one outline, so they always say the same thing.
import { listUnavailableText, peerUnavailableText } from '../../../common/benchmarks/unavailable';
import { formatAmount } from '../../../common/money';
import { daysText, formatProseDate as formatDay, inDays, plural } from '../../../common/wording';
import { alternativesText } from './competitors';
import type { Pack } from './pack-types';

export interface PackSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  table?: { head: string[]; rows: string[][] };
  /** Text kept as written (the e-mail). */
  preformatted?: string;
}

export interface PackDocument {
  title: string;
  subtitle: string;
  /** The currency of the pack's own amounts. */
  currency: string;
  sections: PackSection[];
}

const UNIT_TEXT = { user: 'per seat per month', flat: 'per month' } as const;

function termsSection(pack: Pack, money: (minor: number) => string): PackSection {
  const t = pack.terms;
  const day = (d: string | null) => (d ? formatDay(d) : 'not set');
  return {
    heading: 'Current terms',
    bullets: [
      `Renewal date: ${day(t.renewalDate)}`,
      `Cancel-by date: ${day(t.cancelByDate)}${t.daysToCancelBy !== null ? ` (${t.daysToCancelBy < 0 ? 'passed' : inDays(t.daysToCancelBy)})` : ''}`,
      `Notice period: ${t.noticePeriodDays === null ? 'not set' : daysText(t.noticePeriodDays)}`,
      `Renews automatically: ${t.autoRenew ? 'yes' : 'no'}`,
      `Billing: ${t.billingCycle}`,
      `Cost: ${money(t.yearlyCostMinor)} a year`,
      ...(t.contractEndDate ? [`Contract ends: ${formatDay(t.contractEndDate)}`] : []),
    ],
  };
}

function benchmarkSection(pack: Pack): PackSection {
  const rows = pack.benchmark.prices.map(({ price, list, listUnavailable, peer, peerUnavailable }) => [
    price.tierName ?? pack.name,
    `${formatAmount(price.perMonthMinor, price.currency)} ${UNIT_TEXT[price.unit]}`,
    list
      ? `${list.plan}: ${list.differencePercent > 0 ? '+' : ''}${list.differencePercent}% (${formatAmount(list.differenceYearlyMinor, price.currency)} a year)`
      : listUnavailableText(listUnavailable),
    peer
      ? `median ${formatAmount(peer.medianMinor, peer.currency)}, p25 ${formatAmount(peer.p25Minor, peer.currency)}, p75 ${formatAmount(peer.p75Minor, peer.currency)} (${plural(peer.organizations, 'organization')})`
      : peerUnavailableText(peerUnavailable),
  ]);
  return rows.length > 0
    ? { heading: 'Benchmarks', table: { head: ['Tier', 'You pay', 'vs list price', 'Peers'], rows } }
    : { heading: 'Benchmarks', paragraphs: ['No benchmark for this application.'] };
}

export function packDocument(pack: Pack): PackDocument {
  const money = (minor: number) => formatAmount(minor, pack.currency);
  const s = pack.seats;
  const target = pack.target;
  return {
    title: `${pack.name}: renewal negotiation pack`,
    subtitle: `${pack.vendorName ?? pack.name} · generated ${formatDay(pack.generatedAt.toISOString())} · amounts in ${pack.currency}`,
    currency: pack.currency,
    sections: [
      termsSection(pack, money),
      {
        heading: 'Price history',
        table: {
          head: ['From', 'Price', 'Seats', 'Monthly cost'],
          rows: pack.priceHistory.map((h) => [
            formatDay(h.effectiveDate),
            `${formatAmount(h.unitPriceMinor ?? h.amountMinor, h.currency)}${h.unitPriceMinor !== null ? ' per seat' : ''} (${h.billingCycle})`,
            h.seats === null ? '–' : String(h.seats),
            formatAmount(h.monthlyMinor, h.currency),
          ]),
        },
      },
      {
        heading: 'Seats',
        bullets: [
          `Bought: ${s.bought ?? 'not limited'}`,
          `Assigned: ${s.assigned}`,
          `Active in the last ${s.activeWindowDays} days: ${s.activeUsers}${s.hasUsageData ? '' : ' (no usage data yet)'}`,
        ],
      },
      benchmarkSection(pack),
      {
        heading: 'Open savings opportunities',
        bullets:
          pack.opportunities.length > 0
            ? pack.opportunities.map(
                (o) =>
                  // The amount Insights counts in its headline (overlaps counted once), as on its card.
                  `${o.title}${o.annualMinor !== null ? `: ${formatAmount(o.countedMinor, o.currency)} a year` : ''} (${o.state})`,
              )
            : ['None open.'],
      },
      {
        heading: 'Recommended target',
        bullets: [
          `Seats: ${target.seats ?? 'n/a'}`,
          `Price: ${target.perMonthMinor !== null ? money(target.perMonthMinor) : 'n/a'}`,
          `Yearly: ${target.yearlyMinor !== null ? money(target.yearlyMinor) : 'n/a'}`,
          ...(target.savingYearlyMinor !== null && target.savingYearlyMinor > 0
            ? [`Saving: ${money(target.savingYearlyMinor)} a year`]
            : []),
        ],
        paragraphs: target.reasoning,
      },
      { heading: 'Negotiation levers', bullets: pack.levers.map((l) => l.text) },
      { heading: 'Alternatives', bullets: alternativesText(pack.competitors) },
      { heading: 'Draft e-mail', preformatted: `Subject: ${pack.email.subject}\n\n${pack.email.body}` },
    ],
  };
}

// The draft e-mail to the vendor's account manager: plain text, every figure from the pack, for
// the user to edit before sending.
import type { Pack as NegotiationPack } from './pack-types';
import { formatAmount } from '../../../common/money';
import { daysText, formatProseDate as formatDay, plural, pluralWord } from '../../../common/wording';
import { confirmedListPerMonth, type CurrentPrice } from './current-price';

export interface EmailInput {
  name: string;
  vendor: string;
  terms: NegotiationPack['terms'];
  seats: NegotiationPack['seats'];
  target: NegotiationPack['target'];
  price: CurrentPrice | null;
  currency: string;
  competitors: NegotiationPack['competitors'];
}

export function draftEmail(input: EmailInput): NegotiationPack['email'] {
  const { name, vendor, terms, seats, target, price } = input;
  const money = (minor: number) => formatAmount(minor, price?.currency ?? input.currency);
  const per = price?.unit === 'user' ? ' per seat per month' : ' per month';
  const renews = terms.renewalDate ? ` renews on ${formatDay(terms.renewalDate)}` : ' comes up for renewal';
  const facts: string[] = [];
  if (seats.bought !== null && seats.hasUsageData) {
    facts.push(
      `- ${seats.activeUsers} of our ${plural(seats.bought, 'seat')} ${pluralWord(seats.activeUsers, 'was', 'were')} used in the last ${daysText(seats.activeWindowDays)}.`,
    );
  }
  const list = confirmedListPerMonth(price?.entry ?? null);
  if (price && list !== null && list < price.perMonthMinor) {
    facts.push(`- We pay ${money(price.perMonthMinor)}${per}; your public list price is ${money(list)}.`);
  }
  const peer = price?.entry?.peer;
  if (price && peer && peer.medianMinor < price.perMonthMinor) {
    facts.push(`- Comparable companies pay a median of ${money(peer.medianMinor)}${per}.`);
  }
  const alternatives = input.competitors.slice(0, 2).map((c) => c.name);
  if (alternatives.length > 0) facts.push(`- We are also looking at ${alternatives.join(' and ')}.`);

  const ask =
    target.perMonthMinor !== null && target.yearlyMinor !== null
      ? `We would like to renew${target.seats !== null && price?.unit === 'user' ? ` ${plural(target.seats, 'seat')}` : ''} at ${money(target.perMonthMinor)}${per} (${money(target.yearlyMinor)} a year).`
      : target.seats !== null
        ? `We would like to renew ${plural(target.seats, 'seat')}.`
        : 'We would like to review the price before we renew.';
  const deadline =
    terms.cancelByDate && (terms.daysToCancelBy ?? -1) >= 0
      ? ` Our notice deadline is ${formatDay(terms.cancelByDate)}, so we need your answer before then.`
      : '';
  const body = [
    `Hello ${vendor} team,`,
    '',
    `Our ${name} subscription${renews} (${formatAmount(terms.yearlyCostMinor, input.currency)} a year today). Before we decide whether to renew, we are reviewing its terms.`,
    ...(facts.length > 0 ? ['', ...facts] : []),
    '',
    `${ask} We are open to a longer term if the price reflects it.`,
    '',
    `Could you send a revised quote?${deadline}`,
    '',
    'Best regards,',
  ].join('\n');
  const subject = terms.cancelByDate
    ? `${name} renewal: revised terms before ${formatDay(terms.cancelByDate)}`
    : `${name} renewal: revised terms`;
  return { subject, body };
}

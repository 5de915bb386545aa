// 12. Shadow IT: recurring card charges that match no application (the expenses module's
// discovery) and are software: a catalogue product (high confidence), or a merchant whose line or
// category says software (low). A gym, an airline or a phone bill recurs too and is never reported;
// nor is a merchant nothing says is software (issue 32). No saving is claimed: whether it is needed
// is for someone to decide once it is registered.
import { annualisedMinor } from '../../../../common/billing';
import { formatAmount } from '../../../../common/money';
import { opportunityKey } from '../../../../common/insights/opportunity';
import { catalogProductOf } from './catalog-link';
import { isLive, type Detector } from './facts';
import { formatProseDate, pluralWord } from '../../../../common/wording';

export const detectShadowIt: Detector = (snapshot) => {
  // Charges of a product already registered are a duplicate purchase, reported there.
  const registered = new Set(
    snapshot.applications.filter(isLive).flatMap((a) => catalogProductOf(a, snapshot)?.slug ?? []),
  );
  return snapshot.recurringUnmatched.flatMap((charge) => {
    if (charge.catalogSlug && registered.has(charge.catalogSlug)) return [];
    if (charge.kind !== 'catalogue' && charge.kind !== 'software') return [];
    const known = charge.kind === 'catalogue';
    const yearly = annualisedMinor(charge.amountMinor, charge.cycle);
    return [
      {
        type: 'shadow_it' as const,
        key: opportunityKey('shadow_it', charge.merchantKey),
        title: `Unregistered software: ${charge.name}`,
        explanation:
          `${charge.occurrences} ${charge.cycle} ${pluralWord(charge.occurrences, 'charge')} of about ${formatAmount(charge.amountMinor, charge.currency)} since ` +
          `${formatProseDate(charge.firstDate)} (${formatAmount(yearly, charge.currency)} a year) match no application. Register it, give it an owner, ` +
          'and decide whether it is needed.',
        evidence: [
          {
            kind: 'merchant' as const,
            id: charge.merchantKey,
            label: charge.name,
            figures: {
              Latest: formatAmount(charge.amountMinor, charge.currency),
              Cycle: charge.cycle,
              Charges: charge.occurrences,
              First: charge.firstDate,
              Last: charge.lastDate,
              'A year': formatAmount(yearly, charge.currency),
            },
          },
        ],
        saving: null,
        savingUnavailable: 'Unknown until someone decides whether it is needed; register it to track it.',
        claims: [],
        confidence: known ? ('high' as const) : ('low' as const),
        confidenceReason: known
          ? 'The merchant is a known software product in the catalogue.'
          : 'The merchant is not in the catalogue; its statement line or category says software: check what it is.',
        applicationIds: [],
        personIds: [],
        action: { path: '/app/expenses', text: 'Register the application' },
      },
    ];
  });
};

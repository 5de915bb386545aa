import type { Confidence, EvidenceKind } from '@common/insights/opportunity';

export { OPPORTUNITY_TYPE_LABELS } from '@common/contracts/insights';

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
};

export const CONFIDENCE_VARIANTS = { high: 'success', medium: 'warning', low: 'secondary' } as const;

/** The heading of each evidence table. */
export const EVIDENCE_KIND_LABELS: Record<EvidenceKind, string> = {
  application: 'Applications',
  license_pool: 'License pools',
  seat: 'Seats',
  person: 'People',
  expense: 'Expenses',
  price_change: 'Price changes',
  renewal: 'Renewals',
  catalog_price: 'Catalogue prices',
  merchant: 'Merchants',
};

/** Where a piece of evidence is shown in the app, when it has a page. */
export function evidenceLink(kind: EvidenceKind, id: string | null): string | null {
  if (id === null) return null;
  switch (kind) {
    case 'application':
      return `/app/subscriptions/${encodeURIComponent(id)}`;
    case 'person':
      return '/app/users';
    case 'seat':
    case 'license_pool':
      return '/app/licenses';
    case 'expense':
    case 'merchant':
      return '/app/expenses';
    case 'renewal':
      return '/app/renewals';
    default:
      return null;
  }
}

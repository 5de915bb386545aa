import type { InboundState } from '@common/contracts/invoice-forwarding';
import { Badge, type BadgeProps } from '@/components/ui/badge';

export const STATE_LABELS: Record<InboundState, string> = {
  received: 'Processing',
  imported: 'Imported',
  needs_review: 'Needs review',
  ignored: 'Ignored',
  duplicate: 'Duplicate',
  failed: 'Failed',
};

const VARIANTS: Record<InboundState, BadgeProps['variant']> = {
  received: 'secondary',
  imported: 'success',
  needs_review: 'warning',
  ignored: 'outline',
  duplicate: 'secondary',
  failed: 'destructive',
};

/** Where a received message stands, as a badge. */
export function StateBadge({ state }: { state: InboundState }) {
  return <Badge variant={VARIANTS[state]}>{STATE_LABELS[state]}</Badge>;
}

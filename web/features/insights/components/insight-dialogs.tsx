import type { Insight } from '@common/contracts/insights';
import { AssignDialog } from './assign-dialog';
import { DismissDialog } from './dismiss-dialog';
import { RealizeDialog } from './realize-dialog';
import { SnoozeDialog } from './snooze-dialog';
import type { InsightPatch } from './use-insight-patch';

export type InsightDialogKind = 'assign' | 'dismiss' | 'snooze' | 'realize';

/** The one dialog open for an opportunity (mounted only while open, so each opens fresh). */
export function InsightDialogs({
  insight,
  open,
  onClose,
  patch,
}: {
  insight: Insight;
  open: InsightDialogKind | null;
  onClose: () => void;
  patch: InsightPatch;
}) {
  const props = { insight, open: true, patch, onOpenChange: (next: boolean) => !next && onClose() };
  switch (open) {
    case 'assign':
      return <AssignDialog {...props} />;
    case 'dismiss':
      return <DismissDialog {...props} />;
    case 'snooze':
      return <SnoozeDialog {...props} />;
    case 'realize':
      return <RealizeDialog {...props} />;
    default:
      return null;
  }
}

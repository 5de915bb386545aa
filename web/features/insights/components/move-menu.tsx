import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import {
  INSIGHT_STATE_LABELS,
  INSIGHT_STATES,
  type Insight,
  type InsightState,
} from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { InsightDialogs, type InsightDialogKind } from './insight-dialogs';
import { useInsightPatch } from './use-insight-patch';

/** Where a card may go: anywhere from an open state; a realized or dismissed one only back to New. */
function targets(from: InsightState): InsightState[] {
  if (from === 'realized' || from === 'dismissed') return ['new'];
  return INSIGHT_STATES.filter((s) => s !== from);
}

/** "Move to …": a plain move, or the dialog a move needs (dismiss asks why, realized asks how much). */
export function MoveMenu({ insight }: { insight: Insight }) {
  const patch = useInsightPatch(insight.id);
  const [dialog, setDialog] = useState<InsightDialogKind | null>(null);
  const move = (state: InsightState) => {
    if (state === 'dismissed') return setDialog('dismiss');
    if (state === 'realized') return setDialog('realize');
    patch.run({ state }, `Moved to ${INSIGHT_STATE_LABELS[state]}`);
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label={`Move ${insight.title}`}
            disabled={patch.pending}
          >
            <MoreHorizontal />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuLabel>Move to</DropdownMenuLabel>
          {targets(insight.state).map((state) => (
            <DropdownMenuItem key={state} onSelect={() => move(state)}>
              {INSIGHT_STATE_LABELS[state]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <InsightDialogs insight={insight} open={dialog} onClose={() => setDialog(null)} patch={patch} />
    </>
  );
}

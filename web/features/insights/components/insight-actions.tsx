import {
  ArrowRight,
  CalendarClock,
  CheckCircle2,
  MoreHorizontal,
  RotateCcw,
  Search,
  UserPlus,
  XCircle,
} from 'lucide-react';
import { useState } from 'react';
import { OPEN_INSIGHT_STATES, type Insight } from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { InsightDialogs, type InsightDialogKind } from './insight-dialogs';
import { useInsightPatch } from './use-insight-patch';

export const isOpenState = (state: Insight['state']) =>
  (OPEN_INSIGHT_STATES as readonly string[]).includes(state);

/** Review, Start, Assign, Dismiss, and in a menu: Snooze, Mark realized. */
export function InsightActions({ insight }: { insight: Insight }) {
  const patch = useInsightPatch(insight.id);
  const [dialog, setDialog] = useState<InsightDialogKind | null>(null);
  const open = isOpenState(insight.state);

  return (
    <div className="flex flex-wrap items-center gap-2">
      {insight.state === 'new' && (
        <Button
          size="sm"
          variant="outline"
          disabled={patch.pending}
          onClick={() => patch.run({ state: 'reviewing' }, 'Moved to Reviewing')}
        >
          <Search aria-hidden /> Review
        </Button>
      )}
      {(insight.state === 'new' || insight.state === 'reviewing') && (
        <Button
          size="sm"
          disabled={patch.pending}
          onClick={() => patch.run({ state: 'in_progress' }, 'Moved to In progress')}
        >
          <ArrowRight aria-hidden /> Start
        </Button>
      )}
      {!open && (
        <Button
          size="sm"
          variant="outline"
          disabled={patch.pending}
          onClick={() => patch.run({ state: 'new' }, 'Reopened')}
        >
          <RotateCcw aria-hidden /> Reopen
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setDialog('assign')}>
        <UserPlus aria-hidden /> Assign
      </Button>
      {open && (
        <Button size="sm" variant="outline" onClick={() => setDialog('dismiss')}>
          <XCircle aria-hidden /> Dismiss
        </Button>
      )}
      {open && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon-sm" variant="ghost" aria-label={`More actions for ${insight.title}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem onSelect={() => setDialog('snooze')}>
              <CalendarClock /> Snooze…
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => setDialog('realize')}>
              <CheckCircle2 /> Mark realized…
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <InsightDialogs insight={insight} open={dialog} onClose={() => setDialog(null)} patch={patch} />
    </div>
  );
}

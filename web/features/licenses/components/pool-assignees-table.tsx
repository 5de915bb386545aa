import type { AssignmentView } from '@common/contracts/licenses';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate, formatRelative } from '@/lib/format';

const REASONS = {
  manual: 'Removed',
  reclaim: 'Reclaimed',
  offboarding: 'Offboarded',
  attestation: 'Released by holder',
  connector: 'No longer listed by the provider',
} as const;
const SOURCES = {
  manual: 'set by hand',
  csv: 'usage import',
  attestation: 'holder confirmed',
  google_workspace: 'Google Workspace sign-in',
  entra_id: 'Microsoft Entra ID sign-in',
  okta: 'Okta sign-in',
  slack: 'Slack (active member)',
} as const;

/** Seat holders with last activity (inactive first), then the latest unassignments. */
export function PoolAssigneesTable({
  assignments,
  history,
  selected,
  selectable,
  onToggle,
  seatsSource,
}: {
  /** The connector keeping the pool's seats: seats not from it were entered by hand, and it keeps them. */
  seatsSource: string | null;
  assignments: AssignmentView[];
  history: AssignmentView[];
  selected: Set<string>;
  selectable: boolean;
  onToggle: (id: string) => void;
}) {
  const rows = [...assignments].sort(
    (a, b) => Number(a.active) - Number(b.active) || a.personName.localeCompare(b.personName),
  );
  return (
    <div className="max-h-[50dvh] overflow-y-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-8">
              <span className="sr-only">Select</span>
            </TableHead>
            <TableHead>Person</TableHead>
            <TableHead>Department</TableHead>
            <TableHead>Last active</TableHead>
            <TableHead>Assigned</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-center text-sm text-muted-foreground">
                Nobody holds a seat yet. Assign people from the Users page.
              </TableCell>
            </TableRow>
          )}
          {rows.map((a) => (
            <TableRow key={a.id}>
              <TableCell>
                <input
                  type="checkbox"
                  aria-label={`Select ${a.personName}`}
                  checked={selected.has(a.id)}
                  disabled={!selectable}
                  onChange={() => onToggle(a.id)}
                />
              </TableCell>
              <TableCell>
                <div className="flex items-center gap-2 font-medium">
                  {a.personName}
                  {a.personStatus === 'offboarded' && <Badge variant="destructive">Left</Badge>}
                </div>
                <div className="text-xs text-muted-foreground">{a.email}</div>
              </TableCell>
              <TableCell className="text-sm">{a.department ?? '—'}</TableCell>
              <TableCell>
                <div className="flex items-center gap-2 text-sm">
                  <Badge variant={a.active ? 'success' : 'warning'}>{a.active ? 'Active' : 'Inactive'}</Badge>
                  {a.lastActiveAt ? formatRelative(a.lastActiveAt) : 'Never'}
                </div>
                {a.lastActiveAt && <div className="text-xs text-muted-foreground">{SOURCES[a.source]}</div>}
              </TableCell>
              <TableCell className="text-sm text-muted-foreground">
                {formatDate(a.assignedAt)}
                {seatsSource && !a.assignedFrom && (
                  <div className="text-xs" title="Entered by hand: the provider's sync keeps this seat">
                    Added by hand
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
          {history.length > 0 && (
            <TableRow>
              <TableCell
                colSpan={5}
                className="bg-muted/40 text-xs font-medium uppercase tracking-wide text-muted-foreground"
              >
                Recently unassigned
              </TableCell>
            </TableRow>
          )}
          {history.slice(0, 10).map((a) => (
            <TableRow key={a.id} className="text-muted-foreground">
              <TableCell />
              <TableCell>{a.personName}</TableCell>
              <TableCell className="text-sm">{a.department ?? '—'}</TableCell>
              <TableCell className="text-sm">
                {a.lastActiveAt ? formatRelative(a.lastActiveAt) : 'Never'}
              </TableCell>
              <TableCell className="text-sm">
                {a.unassignReason ? REASONS[a.unassignReason] : 'Removed'}{' '}
                {a.unassignedAt ? formatDate(a.unassignedAt) : ''}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

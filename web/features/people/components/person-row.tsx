import { MoreHorizontal, Pencil, RotateCcw, Trash2, UserMinus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { LicensePool } from '@common/contracts/licenses';
import type { Person } from '@common/contracts/people';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TableCell, TableRow } from '@/components/ui/table';
import { MoneyTotals } from '@/components/money-totals';

/** What a row's licenses cell is given; web/app renders the licenses feature's PersonLicensesCell with it. */
export interface LicensesCellProps {
  person: Person;
  pools: LicensePool[];
  editDenied: string | null;
}

export interface PersonActions {
  onEdit: (person: Person) => void;
  onOffboard: (person: Person) => void;
  onReactivate: (person: Person) => void;
  onDelete: (person: Person) => void;
}

/** One person: who they are, their seats (editable in place), what those cost a year, and actions. */
export function PersonRow({
  person,
  pools,
  editDenied,
  peopleDenied,
  actions,
  licensesCell,
}: {
  person: Person;
  pools: LicensePool[];
  editDenied: string | null;
  peopleDenied: string | null;
  actions: PersonActions;
  licensesCell: (cell: LicensesCellProps) => ReactNode;
}) {
  return (
    <TableRow data-testid={`person-${person.email}`}>
      <TableCell className="min-w-48">
        <div className="flex items-center gap-2 font-medium">
          {person.name}
          {person.status === 'offboarded' && <Badge variant="secondary">Offboarded</Badge>}
        </div>
        <div className="text-xs text-muted-foreground">{person.email}</div>
        {person.title && <div className="text-xs text-muted-foreground">{person.title}</div>}
      </TableCell>
      <TableCell className="text-sm">
        {person.department ?? <span className="text-muted-foreground">—</span>}
        {person.team && <div className="text-xs text-muted-foreground">{person.team}</div>}
      </TableCell>
      <TableCell className="min-w-64">
        {licensesCell({ person, pools, editDenied })}
      </TableCell>
      <TableCell className="text-right">
        <MoneyTotals totals={person.yearlyCosts} />
      </TableCell>
      <TableCell className="text-right">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Actions for ${person.name}`}
              disabled={Boolean(peopleDenied)}
            >
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={() => actions.onEdit(person)}>
              <Pencil /> Edit
            </DropdownMenuItem>
            {person.status === 'active' || person.licenses.length > 0 ? (
              <DropdownMenuItem onSelect={() => actions.onOffboard(person)}>
                <UserMinus /> {person.status === 'active' ? 'Offboard' : 'Unassign remaining licenses'}
              </DropdownMenuItem>
            ) : null}
            {person.status === 'offboarded' && (
              <DropdownMenuItem onSelect={() => actions.onReactivate(person)}>
                <RotateCcw /> Reactivate
              </DropdownMenuItem>
            )}
            <DropdownMenuItem onSelect={() => actions.onDelete(person)} className="text-destructive">
              <Trash2 /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </TableCell>
    </TableRow>
  );
}

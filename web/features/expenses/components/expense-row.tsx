import { AlertTriangle, FileText, MoreHorizontal, Pencil, Trash2, Undo2, XCircle } from 'lucide-react';
import type { Expense } from '@common/contracts/expenses';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { TableCell, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { formatDate, formatMoneyMinor } from '@/lib/format';

export const SOURCE_LABELS: Record<Expense['source'], string> = {
  manual: 'Manual',
  csv: 'CSV',
  ofx: 'OFX',
  qif: 'QIF',
  invoice: 'Invoice',
  api: 'API',
  quickbooks: 'QuickBooks Online',
  xero: 'Xero',
};

/** Why a charge is flagged, in words, or null. */
export function flagText(
  expense: Pick<Expense, 'overExpectedPercent' | 'chargedAfterCancellation'>,
): string | null {
  if (expense.chargedAfterCancellation) return 'Still being charged after the application was cancelled';
  if (expense.overExpectedPercent !== null)
    return `${expense.overExpectedPercent}% above the expected charge`;
  return null;
}

interface Props {
  expense: Expense;
  canWrite: boolean;
  onEdit: (expense: Expense) => void;
  onDelete: (expense: Expense) => void;
  onStatus: (expense: Expense, action: 'ignore' | 'unmatch') => void;
}

export function ExpenseRow({ expense, canWrite, onEdit, onDelete, onStatus }: Props) {
  const flag = flagText(expense);
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap text-sm">{formatDate(`${expense.date}T12:00:00`)}</TableCell>
      <TableCell>
        <div className="grid min-w-0 gap-0.5">
          <span className="truncate font-medium">{expense.merchantName}</span>
          <span className="truncate text-xs text-muted-foreground" title={expense.merchant}>
            {expense.merchant}
          </span>
        </div>
      </TableCell>
      <TableCell>
        {expense.matchStatus === 'matched' ? (
          <span className="text-sm">{expense.subscriptionName}</span>
        ) : expense.matchStatus === 'ignored' ? (
          <Badge variant="secondary">Ignored</Badge>
        ) : (
          <Badge variant="warning">Unmatched</Badge>
        )}
      </TableCell>
      <TableCell className="text-xs text-muted-foreground">
        {expense.sourceUrl ? (
          <a
            href={expense.sourceUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="underline-offset-2 hover:text-foreground hover:underline"
            aria-label={`Open in ${SOURCE_LABELS[expense.source]}`}
          >
            {SOURCE_LABELS[expense.source]}
          </a>
        ) : (
          SOURCE_LABELS[expense.source]
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">
        <span className="inline-flex items-center gap-1.5">
          {flag && (
            <Tooltip>
              <TooltipTrigger asChild>
                <AlertTriangle className="size-4 text-warning" aria-label={flag} />
              </TooltipTrigger>
              <TooltipContent>{flag}</TooltipContent>
            </Tooltip>
          )}
          {expense.document && (
            <a
              href={expense.document.url}
              aria-label={`Download ${expense.document.name}`}
              className="text-muted-foreground hover:text-foreground"
            >
              <FileText className="size-4" />
            </a>
          )}
          {formatMoneyMinor(expense.amountMinor, expense.currency)}
        </span>
      </TableCell>
      <TableCell className="w-10 text-right">
        {canWrite && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${expense.merchantName}`}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEdit(expense)}>
                <Pencil /> Edit
              </DropdownMenuItem>
              {expense.matchStatus === 'unmatched' ? (
                <DropdownMenuItem onSelect={() => onStatus(expense, 'ignore')}>
                  <XCircle /> Ignore (not software)
                </DropdownMenuItem>
              ) : (
                <DropdownMenuItem onSelect={() => onStatus(expense, 'unmatch')}>
                  <Undo2 /> Back to review queue
                </DropdownMenuItem>
              )}
              <DropdownMenuItem className="text-destructive" onSelect={() => onDelete(expense)}>
                <Trash2 /> Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </TableCell>
    </TableRow>
  );
}

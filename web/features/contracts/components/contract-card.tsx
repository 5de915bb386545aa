import type { ReactNode } from 'react';
import { MoreHorizontal, RefreshCw } from 'lucide-react';
import type { Contract } from '@common/contracts/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';
import { ContractDocuments } from './contract-documents';
import { daysNotice } from '@common/wording';

const STATUS_VARIANT: Record<Contract['status'], BadgeProps['variant']> = {
  active: 'success',
  renewing: 'warning',
  renewed: 'secondary',
  cancelled: 'destructive',
  expired: 'outline',
};

interface ContractCardProps {
  contract: Contract;
  canWrite: boolean;
  onEdit: () => void;
  onRenew: () => void;
  onDelete: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** One contract: term, renewal and notice, value, and its documents. */
export function ContractCard({ contract, canWrite, onEdit, onRenew, onDelete }: ContractCardProps) {
  const live = contract.status === 'active' || contract.status === 'renewing';
  return (
    <article className="grid gap-4 rounded-lg border p-4" data-testid={`contract-${contract.id}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h3 className="font-semibold">{contract.title}</h3>
          <p className="text-sm text-muted-foreground">
            {formatCalendarDate(contract.startDate)} – {formatCalendarDate(contract.endDate)}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={STATUS_VARIANT[contract.status]} className="capitalize">
            {contract.status}
          </Badge>
          {canWrite && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${contract.title}`}>
                  <MoreHorizontal />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent>
                <DropdownMenuItem onSelect={onEdit}>Edit</DropdownMenuItem>
                {live && <DropdownMenuItem onSelect={onRenew}>Renew…</DropdownMenuItem>}
                <DropdownMenuItem onSelect={onDelete} className="text-destructive">
                  Delete
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label="Renewal">
          <span className="inline-flex items-center gap-1">
            {contract.autoRenew && <RefreshCw className="size-3.5 text-muted-foreground" aria-hidden />}
            {contract.autoRenew ? 'Automatic' : 'Manual'}
            {contract.renewalTermMonths ? `, ${contract.renewalTermMonths} months` : ''}
          </span>
        </Fact>
        <Fact label="Cancel by">
          {formatCalendarDate(contract.cancelByDate)}
          {contract.noticePeriodDays > 0 && (
            <span className="text-muted-foreground"> ({daysNotice(contract.noticePeriodDays)})</span>
          )}
        </Fact>
        <Fact label="Total value">
          {contract.totalValueMinor === null
            ? '—'
            : formatMoneyMinor(contract.totalValueMinor, contract.currency)}
        </Fact>
        <Fact label="Price cap">
          {contract.priceIncreaseCapPct === null ? '—' : `${contract.priceIncreaseCapPct}%`}
        </Fact>
        {contract.paymentTerms && <Fact label="Payment terms">{contract.paymentTerms}</Fact>}
        {contract.replacesContractId && <Fact label="History">Renews an earlier contract</Fact>}
        {contract.replacedByContractId && <Fact label="History">Renewed by a newer contract</Fact>}
      </dl>
      {contract.notes && (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{contract.notes}</p>
      )}
      <ContractDocuments contract={contract} canWrite={canWrite} />
    </article>
  );
}

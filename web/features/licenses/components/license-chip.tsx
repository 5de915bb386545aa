import { X } from 'lucide-react';
import type { PersonLicense } from '@common/contracts/people';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { formatMoneyMinor, formatRelative } from '@/lib/format';

/** One seat a person holds: application · tier, a dot for activity, and (when allowed) a remove button. */
export function LicenseChip({
  license,
  personName,
  onRemove,
  removing,
}: {
  license: PersonLicense;
  personName: string;
  onRemove?: () => void;
  removing?: boolean;
}) {
  const label = `${license.subscriptionName} · ${license.tierName}`;
  const activity = license.lastActiveAt
    ? `Last active ${formatRelative(license.lastActiveAt)}`
    : 'Never active';
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border bg-background py-0.5 pl-2 text-xs',
        onRemove ? 'pr-0.5' : 'pr-2',
        removing && 'opacity-50',
      )}
    >
      <Tooltip>
        <TooltipTrigger asChild>
          <span className="inline-flex min-w-0 items-center gap-1.5" tabIndex={0}>
            <span
              aria-hidden
              className={cn('size-1.5 shrink-0 rounded-full', license.active ? 'bg-success' : 'bg-warning')}
            />
            <span className="truncate">{label}</span>
          </span>
        </TooltipTrigger>
        <TooltipContent>
          {activity} · {formatMoneyMinor(license.yearlyCostMinor, license.currency)} a year
        </TooltipContent>
      </Tooltip>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove ${label} from ${personName}`}
          className="rounded-full p-0.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
        >
          <X className="size-3" />
        </button>
      )}
    </span>
  );
}

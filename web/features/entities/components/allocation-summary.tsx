import type { AllocationResponse } from '@common/contracts/entities';

/** The shares as saved (or as a rule computed them): "60 % Brand A · Northwind GmbH". */
export function AllocationSummary({ shares }: { shares: AllocationResponse['shares'] }) {
  return (
    <ul className="grid gap-1.5 text-sm" aria-label="Current allocation">
      {shares.map((share) => (
        <li key={`${share.entityId}/${share.brandId}`} className="flex items-center gap-2">
          <span
            aria-hidden
            className="size-2.5 shrink-0 rounded-full"
            style={{ backgroundColor: share.brandColor }}
          />
          <span className="w-16 tabular-nums">{share.percent} %</span>
          <span className="font-medium">{share.brandName}</span>
          <span className="text-muted-foreground">· {share.entityName}</span>
        </li>
      ))}
    </ul>
  );
}

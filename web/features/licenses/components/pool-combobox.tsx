import { Plus } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { LicensePool } from '@common/contracts/licenses';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';

export interface PoolOption {
  pool: LicensePool;
  /** Free seats, or null when the tier is unlimited. */
  free: number | null;
}

/** Pools with a free seat (or unlimited), excluding those already held. */
export function poolsWithFreeSeats(pools: LicensePool[], heldPoolIds: Set<string>): PoolOption[] {
  return pools
    .filter((pool) => !heldPoolIds.has(pool.id))
    .map((pool) => ({
      pool,
      free: pool.seats === null ? null : pool.seats - pool.utilisation.assigned,
    }))
    .filter((option) => option.free === null || option.free > 0)
    .sort(
      (a, b) =>
        a.pool.subscriptionName.localeCompare(b.pool.subscriptionName) ||
        a.pool.tierName.localeCompare(b.pool.tierName),
    );
}

/** "Add license": a searchable list of pools with free seats; Enter or a click picks one. */
export function PoolCombobox({
  options,
  personName,
  onPick,
  disabled,
}: {
  options: PoolOption[];
  personName: string;
  onPick: (pool: LicensePool) => void;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q
      ? options.filter((o) => `${o.pool.subscriptionName} ${o.pool.tierName}`.toLowerCase().includes(q))
      : options;
  }, [options, query]);

  const pick = (option: PoolOption | undefined) => {
    if (!option) return;
    onPick(option.pool);
    setOpen(false);
    setQuery('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, shown.length - 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') pick(shown[active]);
    else return;
    event.preventDefault();
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setActive(0);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-6 rounded-full border border-dashed [&_svg]:size-3"
          disabled={disabled}
          aria-label={`Add a license for ${personName}`}
        >
          <Plus />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-2">
        <Input
          autoFocus
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-activedescendant={shown[active] ? `${listId}-${shown[active].pool.id}` : undefined}
          aria-label="Search licenses with free seats"
          placeholder="Search licenses…"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Licenses with free seats"
          className="mt-2 max-h-64 overflow-y-auto"
        >
          {shown.length === 0 && (
            <li className="px-2 py-3 text-center text-xs text-muted-foreground">
              {options.length === 0
                ? 'No license has a free seat. Add seats on the Licenses page.'
                : 'No match.'}
            </li>
          )}
          {shown.map((option, index) => (
            <li
              key={option.pool.id}
              id={`${listId}-${option.pool.id}`}
              role="option"
              aria-selected={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(option)}
              className={cn(
                'flex cursor-pointer items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm',
                index === active && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="min-w-0 truncate">
                {option.pool.subscriptionName} · {option.pool.tierName}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {option.free === null ? 'Unlimited' : `${option.free} free`}
              </span>
            </li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

import { Check, ChevronsUpDown } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ApplicationOption } from '@/lib/expenses/get-applications';

interface Props {
  options: ApplicationOption[];
  value: string | null;
  onChange: (id: string) => void;
  placeholder?: string;
  /** Accessible name of the trigger. */
  label: string;
  className?: string;
}

/** Searchable application picker: type to filter by name or vendor, arrows and Enter to choose. */
export function ApplicationCombobox({ options, value, onChange, placeholder = 'Choose an application…', label, className }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const selected = options.find((o) => o.id === value);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    const list = q ? options.filter((o) => `${o.name} ${o.vendorName ?? ''}`.toLowerCase().includes(q)) : options;
    return list.slice(0, 100);
  }, [options, query]);

  const choose = (id: string) => {
    onChange(id);
    setOpen(false);
    setQuery('');
  };

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="outline" role="combobox" aria-expanded={open} aria-label={label} className={cn('w-full justify-between font-normal', className)}>
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>{selected?.name ?? placeholder}</span>
          <ChevronsUpDown className="opacity-50" />
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content align="start" sideOffset={4} className="z-50 w-72 rounded-md border bg-popover p-2 text-popover-foreground shadow-md">
          <Input
            autoFocus
            placeholder="Search applications…"
            aria-label="Search applications"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, filtered.length - 1));
              else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
              else if (e.key === 'Enter' && filtered[active]) {
                e.preventDefault();
                choose(filtered[active].id);
              } else return;
              e.preventDefault();
            }}
          />
          <ul role="listbox" aria-label="Applications" className="mt-2 max-h-60 overflow-y-auto">
            {filtered.length === 0 && <li className="px-2 py-3 text-center text-sm text-muted-foreground">No application found.</li>}
            {filtered.map((option, i) => (
              <li
                key={option.id}
                role="option"
                aria-selected={option.id === value}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(option.id)}
                className={cn('flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
              >
                <Check className={cn('size-4', option.id === value ? 'opacity-100' : 'opacity-0')} />
                <span className="truncate">{option.name}</span>
                {option.status === 'cancelled' && <span className="ml-auto text-xs text-muted-foreground">cancelled</span>}
              </li>
            ))}
          </ul>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}

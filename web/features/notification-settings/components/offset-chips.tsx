import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

interface OffsetChipsProps {
  /** Days before the date, any positive whole numbers. */
  value: number[];
  onChange: (days: number[]) => void;
  label: string;
  disabled?: boolean;
  error?: string;
}

/** Editable reminder offsets: one chip per day count, removable, with a field to add more. */
export function OffsetChips({ value, onChange, label, disabled, error }: OffsetChipsProps) {
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const inputId = useId();
  const sorted = [...value].sort((a, b) => b - a);

  const add = () => {
    const days = Number(draft);
    if (!Number.isInteger(days) || days < 1) {
      setInvalid('Enter a whole number of days, 1 or more.');
      return;
    }
    setInvalid(null);
    setDraft('');
    if (!value.includes(days)) onChange([...value, days].sort((a, b) => b - a));
  };

  return (
    <div className="grid gap-2">
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {sorted.length === 0 && <li className="text-xs text-muted-foreground">No reminders</li>}
        {sorted.map((days) => (
          <li
            key={days}
            className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-2.5 text-xs font-medium tabular-nums"
          >
            {days} {days === 1 ? 'day' : 'days'}
            {!disabled && (
              <button
                type="button"
                aria-label={`Remove ${days} days from ${label}`}
                className="rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground"
                onClick={() => onChange(value.filter((d) => d !== days))}
              >
                <X className="size-3" />
              </button>
            )}
          </li>
        ))}
      </ul>
      {!disabled && (
        <div className="flex items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            Add days to {label}
          </label>
          <Input
            id={inputId}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            placeholder="Days"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className="h-8 w-24"
          />
          <Button type="button" variant="outline" size="sm" onClick={add} aria-label={`Add to ${label}`}>
            <Plus />
            Add
          </Button>
        </div>
      )}
      {(invalid ?? error) && <p className="text-xs font-medium text-destructive">{invalid ?? error}</p>}
    </div>
  );
}

import { cn } from '@/lib/cn';
import type { Billing } from '@/lib/pricing-matrix';

/** Monthly / yearly switch; yearly costs ten months. */
export function BillingToggle({ value, onChange }: { value: Billing; onChange: (value: Billing) => void }) {
  const options: Array<{ value: Billing; label: string }> = [
    { value: 'monthly', label: 'Monthly' },
    { value: 'yearly', label: 'Yearly' },
  ];
  return (
    <div
      role="radiogroup"
      aria-label="Billing period"
      className="inline-flex items-center gap-1 rounded-full border bg-muted p-1"
    >
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full px-4 py-1.5 text-sm font-medium text-muted-foreground transition-all',
            value === option.value && 'bg-background text-foreground shadow-sm',
          )}
        >
          {option.label}
          {option.value === 'yearly' && <span className="ml-1.5 text-xs text-success">2 months free</span>}
        </button>
      ))}
    </div>
  );
}

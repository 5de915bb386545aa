import { X } from 'lucide-react';
import type { ListPrice } from '@common/catalog/list-price';
import { formatMoney, toMinor } from '@common/money';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { FirstApplication } from '../api/create-first-application';

const PERIOD = { month: 'a month', year: 'a year' } as const;

/** "$8.75 per seat a month" */
export function listPriceText(price: ListPrice): string {
  const per = price.unit === 'user' ? 'per seat ' : '';
  return `${formatMoney(price.amountMinor, price.currency)} ${per}${PERIOD[price.period]}`;
}

interface FirstApplicationRowProps {
  app: FirstApplication;
  currency: string;
  error?: string;
  onChange: (patch: Partial<FirstApplication>) => void;
  onRemove: () => void;
}

/** "120 seats × $8.75 = $1,050.00 a month" for a per-seat row whose inputs can be read, else null. */
function rowTotal(app: FirstApplication, currency: string, period: string): string | null {
  const seats = Number(app.seats);
  if (!app.price.trim() || !Number.isInteger(seats) || seats < 1) return null;
  try {
    const unit = toMinor(app.price, currency);
    return `${seats} ${seats === 1 ? 'seat' : 'seats'} × ${formatMoney(unit, currency)} = ${formatMoney(unit * seats, currency)} ${period}`;
  } catch {
    return null;
  }
}

/** One application to add: its seats and price (pre-filled from the catalogue's list price). */
export function FirstApplicationRow({ app, currency, error, onChange, onRemove }: FirstApplicationRowProps) {
  const perSeat = app.listPrice?.unit === 'user';
  const period = PERIOD[app.listPrice?.period ?? 'month'];
  const total = perSeat ? rowTotal(app, currency, period) : null;
  return (
    <li className="grid gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm" aria-label={app.name}>
      <div className="flex items-center justify-between gap-2">
        <div>
          <span className="font-medium">{app.name}</span>
          {app.listPrice && (
            <span className="block text-xs text-muted-foreground">
              List price {listPriceText(app.listPrice)}
            </span>
          )}
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          className="size-7"
          onClick={onRemove}
          aria-label={`Remove ${app.name}`}
        >
          <X />
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {perSeat && (
          <FormField label="Seats">
            <Input
              inputMode="numeric"
              value={app.seats}
              onChange={(e) => onChange({ seats: e.target.value })}
            />
          </FormField>
        )}
        <FormField label={`${perSeat ? 'Per seat' : 'Cost'} ${period} (${currency})`}>
          <Input
            inputMode="decimal"
            placeholder={app.listPrice ? 'List price' : 'Optional'}
            value={app.price}
            onChange={(e) => onChange({ price: e.target.value })}
          />
        </FormField>
      </div>
      {total && !error && <p className="text-xs font-medium">{total}</p>}
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}

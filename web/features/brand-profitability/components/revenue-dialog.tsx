import { useEffect, useState } from 'react';
import { fromMinor, toMinor } from '@common/money';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useBrandRevenue } from '../api/get-brand-revenue';
import { useImportBrandRevenue } from '../api/import-brand-revenue';
import { usePutBrandRevenue } from '../api/put-brand-revenue';

interface Props {
  brand: { brandId: string; name: string } | null;
  months: string[];
  currency: string;
  onOpenChange: (open: boolean) => void;
}

/** A brand's revenue for the period's months (a grid of amounts), or a CSV for every brand at once. */
export function RevenueDialog({ brand, months, currency, onOpenChange }: Props) {
  const revenue = useBrandRevenue(brand?.brandId ?? null);
  const save = usePutBrandRevenue();
  const importCsv = useImportBrandRevenue();
  const [values, setValues] = useState<Record<string, string>>({});
  const [csv, setCsv] = useState('');

  useEffect(() => {
    const stored = new Map(revenue.data?.items.map((i) => [i.month, i]) ?? []);
    setValues(
      Object.fromEntries(
        months.map((m) => {
          const item = stored.get(m);
          return [m, item ? String(fromMinor(item.amountMinor, item.currency)) : ''];
        }),
      ),
    );
  }, [revenue.data, months]);

  const submit = () => {
    if (!brand) return;
    try {
      const items = months
        .filter((m) => values[m]?.trim())
        .map((m) => ({ month: m, amountMinor: toMinor(values[m]!, currency) }));
      save.mutate(
        { id: brand.brandId, items },
        {
          onSuccess: () => {
            toast({ title: 'Revenue saved' });
            onOpenChange(false);
          },
          onError: (e) =>
            toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
        },
      );
    } catch {
      toast({ variant: 'destructive', title: 'Amounts must be numbers' });
    }
  };
  const upload = () =>
    importCsv.mutate(csv, {
      onSuccess: (r) => {
        toast({ title: `Imported ${r.imported} months for ${r.brands} brands` });
        onOpenChange(false);
      },
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Nothing was imported', description: errorMessage(e) }),
    });

  return (
    <Dialog open={brand !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Revenue of {brand?.name}</DialogTitle>
          <DialogDescription>
            Monthly revenue in {currency}; a month left empty keeps what it had.
          </DialogDescription>
        </DialogHeader>
        <div className="grid grid-cols-3 gap-3 sm:grid-cols-4">
          {months.map((m) => (
            <div key={m} className="grid gap-1">
              <Label htmlFor={`revenue-${m}`}>{m}</Label>
              <Input
                id={`revenue-${m}`}
                inputMode="decimal"
                value={values[m] ?? ''}
                onChange={(e) => setValues({ ...values, [m]: e.target.value })}
              />
            </div>
          ))}
        </div>
        <DialogFooter>
          <Button onClick={submit} disabled={save.isPending}>
            Save revenue
          </Button>
        </DialogFooter>
        <div className="grid gap-2 border-t pt-4">
          <Label htmlFor="revenue-csv">
            Or paste a CSV for every brand: month, brand, amount, currency (optional)
          </Label>
          <textarea
            id="revenue-csv"
            className="min-h-24 rounded-md border bg-background p-2 font-mono text-xs"
            placeholder={'month,brand,amount,currency\n2026-01,Acme,125000.00,EUR'}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
          />
          <div>
            <Button variant="outline" onClick={upload} disabled={!csv.trim() || importCsv.isPending}>
              Import CSV
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

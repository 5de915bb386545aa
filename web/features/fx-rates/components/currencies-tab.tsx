import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { currencyCode } from '@common/contracts/organizations';
import { CURRENCY_CODES, isCurrencyCode } from '@common/money';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileDropzone } from '@/components/ui/file-dropzone';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage, fieldErrors } from '@/lib/api-client';
import { formatCalendarDate, formatNumber } from '@/lib/format';
import { useCreateFxRates } from '../api/create-fx-rates';
import { useDeleteFxRate } from '../api/delete-fx-rate';
import { useFxRates } from '../api/get-fx-rates';
import { useImportFxRates } from '../api/import-fx-rates';
import type { FxImportResult, FxRateList } from '../api/keys';
import { pluralWord } from '@common/wording';

const today = () => new Date().toISOString().slice(0, 10);

// The server checks the rate (createFxRatesBody) and answers per field; the form only collects it.
const rateFields = z.object({ date: z.string(), base: currencyCode, quote: currencyCode, rate: z.string() });

/** Settings → Currencies: the reporting currency, what lacks a rate, the rates, and ways to add them. */
export function CurrenciesTab() {
  const [params, setParams] = useSearchParams();
  const currency = params.get('currency');
  const { data: organization } = useOrganization();
  const rates = useFxRates(currency);
  const canManage = organization ? can(organization.role, 'settings.manage') : false;

  if (rates.isPending) return <Spinner />;
  if (rates.isError) return <p className="text-sm text-destructive">{errorMessage(rates.error)}</p>;
  const setCurrency = (value: string) =>
    setParams((p) => {
      if (value) p.set('currency', value);
      else p.delete('currency');
      return p;
    });

  return (
    <div className="grid gap-6">
      <p className="text-sm">
        Totals are reported in <strong>{rates.data.reportingCurrency}</strong> (change it under Organization).
        Other currencies are converted at the rate of each charge’s date, or of today for running costs; a
        rate serves up to 7 days (weekends, holidays).
      </p>
      <MissingRates missing={rates.data.missing} reporting={rates.data.reportingCurrency} />
      {canManage && (
        <div className="grid gap-4 lg:grid-cols-2">
          <AddRateCard reporting={rates.data.reportingCurrency} />
          <ImportCard />
        </div>
      )}
      <Card>
        <CardHeader className="flex-row items-end justify-between gap-4">
          <CardTitle className="text-base">Rates</CardTitle>
          <FormField label="Currency" className="w-40">
            <NativeSelect value={currency ?? ''} onChange={(e) => setCurrency(e.target.value)}>
              <option value="">All</option>
              {CURRENCY_CODES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </NativeSelect>
          </FormField>
        </CardHeader>
        <CardContent>
          <RatesTable items={rates.data.items} canManage={canManage} />
        </CardContent>
      </Card>
    </div>
  );
}

function MissingRates({ missing, reporting }: { missing: FxRateList['missing']; reporting: string }) {
  if (missing.length === 0) return null;
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950"
    >
      <p className="font-medium">Some amounts cannot be converted into {reporting} yet:</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.map((m) => (
          <li key={m.currency}>
            {m.currency}:{' '}
            {m.charges > 0
              ? `${formatNumber(m.charges)} ${pluralWord(m.charges, 'expense')} since ${formatCalendarDate(m.since ?? '')} have no rate`
              : 'applications billed in it have no rate for today'}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RatesTable({ items, canManage }: { items: FxRateList['items']; canManage: boolean }) {
  const remove = useDeleteFxRate();
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No rates yet.</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Date</TableHead>
          <TableHead>Pair</TableHead>
          <TableHead className="text-right">Rate</TableHead>
          <TableHead>Source</TableHead>
          {canManage && <TableHead className="sr-only">Actions</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((r) => (
          <TableRow key={`${r.date}${r.base}${r.quote}`}>
            <TableCell className="whitespace-nowrap">{formatCalendarDate(r.date)}</TableCell>
            <TableCell>
              {r.base} → {r.quote}
            </TableCell>
            <TableCell className="text-right tabular-nums">{r.rate}</TableCell>
            <TableCell className="capitalize">{r.source}</TableCell>
            {canManage && (
              <TableCell className="text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(r)}
                >
                  Delete
                </Button>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function AddRateCard({ reporting }: { reporting: string }) {
  const create = useCreateFxRates();
  const form = useForm<z.infer<typeof rateFields>>({
    resolver: zodResolver(rateFields),
    defaultValues: {
      date: today(),
      base: 'EUR',
      quote: isCurrencyCode(reporting) ? reporting : 'USD',
      rate: '',
    },
  });
  const rate = form.watch('rate');
  const errors = create.error ? fieldErrors(create.error) : {};
  const submit = form.handleSubmit((values) =>
    create.mutate(
      { rates: [{ ...values, rate: Number(values.rate) }] },
      { onSuccess: () => form.resetField('rate') },
    ),
  );
  const select = (field: 'base' | 'quote') => (
    <NativeSelect {...form.register(field)}>
      {CURRENCY_CODES.map((code) => (
        <option key={code}>{code}</option>
      ))}
    </NativeSelect>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Add a rate</CardTitle>
        <CardDescription>
          1 base = rate × quote on that day; it replaces that day’s rate of the pair.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid grid-cols-2 gap-3" onSubmit={submit}>
          <FormField label="Date" error={errors['rates.0.date']}>
            <Input type="date" {...form.register('date')} />
          </FormField>
          <FormField label="Rate" error={errors['rates.0.rate']}>
            <Input inputMode="decimal" {...form.register('rate')} placeholder="1.0812" />
          </FormField>
          <FormField label="Base">{select('base')}</FormField>
          <FormField label="Quote" error={errors['rates.0.quote']}>
            {select('quote')}
          </FormField>
          {create.isError && Object.keys(errors).length === 0 && (
            <p className="col-span-2 text-sm text-destructive">{errorMessage(create.error)}</p>
          )}
          <Button type="submit" className="col-span-2" disabled={create.isPending || rate === ''}>
            Add rate
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ImportCard() {
  const upload = useImportFxRates();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Import rates</CardTitle>
        <CardDescription>
          The ECB reference rates as published (eurofxref.csv or the full history eurofxref-hist.csv), or a
          CSV with date, base, quote and rate columns.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FileDropzone
          label="Rate file"
          title="Drop a CSV file or choose one"
          hint="CSV up to 20 MB"
          accept=".csv,text/csv"
          maxBytes={20 * 1024 * 1024}
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        />
        {upload.isPending && <Spinner />}
        {upload.isError && <p className="text-sm text-destructive">{errorMessage(upload.error)}</p>}
        {upload.data && <ImportResult result={upload.data} />}
      </CardContent>
    </Card>
  );
}

function ImportResult({ result }: { result: FxImportResult }) {
  return (
    <div className="grid gap-1 text-sm" role="status">
      <p>
        Imported {formatNumber(result.imported)} {pluralWord(result.imported, 'rate')}
        {result.from && result.to
          ? ` from ${formatCalendarDate(result.from)} to ${formatCalendarDate(result.to)}`
          : ''}
        {result.skipped > 0 ? `; ${formatNumber(result.skipped)} in unsupported currencies skipped` : ''}.
      </p>
      {result.errors.length > 0 && (
        <ul className="max-h-40 overflow-auto text-destructive">
          {result.errors.slice(0, 50).map((e) => (
            <li key={`${e.line}${e.message}`}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

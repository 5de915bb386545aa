import { DATE_FORMATS, type ColumnMappingInput as ColumnMapping, type ImportUpload } from '@common/contracts/expenses';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { optionsOf, OptionsSelect } from '@/components/ui/options-select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type ColumnField = 'date' | 'merchant' | 'amount' | 'debit' | 'credit' | 'currency' | 'description' | 'invoiceNumber' | 'category';

const FIELDS: Array<{ key: ColumnField; label: string; required?: boolean }> = [
  { key: 'date', label: 'Date', required: true },
  { key: 'merchant', label: 'Merchant', required: true },
  { key: 'amount', label: 'Amount (signed)' },
  { key: 'debit', label: 'Money out (debit)' },
  { key: 'credit', label: 'Money in (credit)' },
  { key: 'currency', label: 'Currency' },
  { key: 'description', label: 'Description' },
  { key: 'invoiceNumber', label: 'Invoice number' },
  { key: 'category', label: 'Category' },
];

interface Props {
  upload: ImportUpload;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}

/** Which column is which, how dates and amounts are written; detected on upload, editable here. */
export function ImportMappingStep({ upload, mapping, onChange }: Props) {
  const set = (patch: Partial<ColumnMapping>) => onChange({ ...mapping, ...patch });
  const columnSelect = (key: ColumnField, required?: boolean) => (
    <NativeSelect
      value={mapping[key] ?? ''}
      onChange={(e) => set({ [key]: e.target.value === '' ? null : Number(e.target.value) } as Partial<ColumnMapping>)}
    >
      {!required && <option value="">— none —</option>}
      {upload.headers.map((header, i) => (
        <option key={i} value={i}>
          {header}
        </option>
      ))}
    </NativeSelect>
  );
  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map((f) => (
          <FormField key={f.key} label={f.label}>
            {columnSelect(f.key, f.required)}
          </FormField>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Date format" hint={upload.dateFormatAmbiguous ? 'Both day-first and month-first fit: check a date below.' : 'Detected from the data'}>
          <OptionsSelect
            value={mapping.dateFormat}
            onChange={(e) => set({ dateFormat: e.target.value as ColumnMapping['dateFormat'] })}
            options={optionsOf(DATE_FORMATS, (f) => f)}
          />
        </FormField>
        <FormField label="Decimal separator">
          <NativeSelect value={mapping.decimalSeparator} onChange={(e) => set({ decimalSeparator: e.target.value as '.' | ',' })}>
            <option value=".">Point (1,234.56)</option>
            <option value=",">Comma (1.234,56)</option>
          </NativeSelect>
        </FormField>
        <FormField label="Charges are">
          <NativeSelect
            value={mapping.signConvention ?? 'negative-is-expense'}
            disabled={mapping.amount === null || mapping.amount === undefined}
            onChange={(e) => set({ signConvention: e.target.value as ColumnMapping['signConvention'] })}
          >
            <option value="negative-is-expense">Negative (bank account)</option>
            <option value="positive-is-expense">Positive (card statement)</option>
          </NativeSelect>
        </FormField>
      </div>
      {upload.sampleRows.length > 0 && (
        <div className="max-h-56 overflow-auto rounded-md border text-xs">
          <Table>
            <TableHeader>
              <TableRow>
                {upload.headers.map((h, i) => (
                  <TableHead key={i} className="whitespace-nowrap">
                    {h}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {upload.sampleRows.map((row, r) => (
                <TableRow key={r}>
                  {upload.headers.map((_, c) => (
                    <TableCell key={c} className="max-w-48 truncate whitespace-nowrap py-1.5">
                      {row[c] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}

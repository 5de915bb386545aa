import type { FieldConfidence, InvoiceLineItem } from '@common/contracts/invoice-forwarding';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatTotal } from './format';
import { FIELD_DEFS, LOW_CONFIDENCE, type EditableField, type FieldValues } from './message-fields';

interface Props {
  values: FieldValues;
  errors: Partial<Record<EditableField, string>>;
  confidence: FieldConfidence;
  readOnly: boolean;
  onChange: (name: EditableField, value: string) => void;
}

/** The fields read from the invoice, each with a marker when the reading is unsure. */
export function MessageFieldsForm({ values, errors, confidence, readOnly, onChange }: Props) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {FIELD_DEFS.map(({ name, label, kind }) => {
        const score = confidence[name];
        const low = score !== undefined && score < LOW_CONFIDENCE;
        return (
          <FormField
            key={name}
            label={label}
            error={errors[name]}
            hint={
              low ? (
                <span className="font-medium text-warning">Low confidence ({Math.round(score * 100)} %)</span>
              ) : undefined
            }
          >
            <Input
              type={kind === 'date' ? 'date' : 'text'}
              inputMode={kind === 'money' ? 'decimal' : kind === 'card' ? 'numeric' : undefined}
              maxLength={kind === 'currency' ? 3 : kind === 'card' ? 4 : undefined}
              className={kind === 'currency' ? 'uppercase' : undefined}
              value={values[name]}
              readOnly={readOnly}
              onChange={(e) => onChange(name, e.target.value)}
            />
          </FormField>
        );
      })}
    </div>
  );
}

/** The invoice's lines, as read (not edited here). */
export function LineItems({ items, currency }: { items: InvoiceLineItem[]; currency: string | null }) {
  if (items.length === 0) return null;
  return (
    <Table aria-label="Line items">
      <TableHeader>
        <TableRow>
          <TableHead>Description</TableHead>
          <TableHead className="text-right">Quantity</TableHead>
          <TableHead className="text-right">Unit price</TableHead>
          <TableHead className="text-right">Amount</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item, i) => (
          <TableRow key={i}>
            <TableCell>{item.description}</TableCell>
            <TableCell className="text-right tabular-nums">{item.quantity ?? '—'}</TableCell>
            <TableCell className="text-right tabular-nums">
              {formatTotal(item.unitAmountMinor, currency)}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {formatTotal(item.amountMinor, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

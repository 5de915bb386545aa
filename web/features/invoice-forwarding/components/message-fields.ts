import {
  invoiceFields,
  type InvoiceFieldName,
  type InvoiceFields,
} from '@common/contracts/invoice-forwarding';
import { isCurrencyCode, minorUnitDigits } from '@common/money';
import { amountInputValue, parseAmountInput } from '@/lib/amount-input';

/** The editable fields of an invoice (line items are shown, not edited). */
export type EditableField = Exclude<keyof InvoiceFields, 'lineItems' | 'vendorDomain' | 'catalogSlug'>;
export type FieldValues = Record<EditableField, string>;

type Kind = 'text' | 'date' | 'money' | 'currency' | 'card';
export const FIELD_DEFS: Array<{ name: EditableField & InvoiceFieldName; label: string; kind: Kind }> = [
  { name: 'vendorName', label: 'Vendor', kind: 'text' },
  { name: 'invoiceNumber', label: 'Invoice number', kind: 'text' },
  { name: 'issueDate', label: 'Issue date', kind: 'date' },
  { name: 'periodStart', label: 'Period start', kind: 'date' },
  { name: 'periodEnd', label: 'Period end', kind: 'date' },
  { name: 'totalMinor', label: 'Total', kind: 'money' },
  { name: 'taxMinor', label: 'Tax', kind: 'money' },
  { name: 'currency', label: 'Currency', kind: 'currency' },
  { name: 'planName', label: 'Plan', kind: 'text' },
  { name: 'account', label: 'Account', kind: 'text' },
  { name: 'cardLast4', label: 'Card last 4', kind: 'card' },
];

/** Below this a field shows a "low confidence" marker. */
export const LOW_CONFIDENCE = 0.8;

const digitsOf = (currency: string | null) =>
  currency && isCurrencyCode(currency) ? minorUnitDigits(currency) : 2;

/** The read fields as the form's text. */
export function toValues(fields: InvoiceFields): FieldValues {
  const money = (minor: number | null) =>
    minor === null ? '' : amountInputValue(minor, digitsOf(fields.currency));
  return {
    vendorName: fields.vendorName ?? '',
    invoiceNumber: fields.invoiceNumber ?? '',
    issueDate: fields.issueDate ?? '',
    periodStart: fields.periodStart ?? '',
    periodEnd: fields.periodEnd ?? '',
    totalMinor: money(fields.totalMinor),
    taxMinor: money(fields.taxMinor),
    currency: fields.currency ?? '',
    planName: fields.planName ?? '',
    account: fields.account ?? '',
    cardLast4: fields.cardLast4 ?? '',
  };
}

/** The message shown when a field's value breaks the contract, by kind. */
const INVALID: Record<Kind, string> = {
  text: 'Too long',
  date: 'Enter a date',
  money: 'Enter an amount such as 49.99',
  currency: 'Enter a currency code such as USD',
  card: 'Enter the last four digits',
};

/**
 * The fields a person changed, as the PATCH body's `fields` (only those, so a save never overwrites
 * what was read with the same value rounded), checked against the contract, or the errors to show.
 */
export function changedFields(
  original: InvoiceFields,
  values: FieldValues,
): { fields: Partial<InvoiceFields>; errors: Partial<Record<EditableField, string>> } {
  const fields: Record<string, unknown> = {};
  const errors: Partial<Record<EditableField, string>> = {};
  const currency = values.currency.trim().toUpperCase();
  const knownCurrency = isCurrencyCode(currency);
  const moneyCurrency = knownCurrency ? currency : (original.currency ?? 'USD');

  for (const { name, kind } of FIELD_DEFS) {
    const text = kind === 'currency' ? currency : values[name].trim();
    const value = text === '' ? null : kind === 'money' ? parseAmountInput(text, moneyCurrency) : text;
    const valid =
      (value !== null || text === '') &&
      (kind !== 'currency' || value === null || knownCurrency) &&
      invoiceFields.shape[name].safeParse(value).success;
    if (!valid) errors[name] = INVALID[kind];
    else if (value !== original[name]) fields[name] = value;
  }
  return { fields: fields as Partial<InvoiceFields>, errors };
}

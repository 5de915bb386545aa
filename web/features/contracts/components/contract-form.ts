import { z } from 'zod';
import { CONTRACT_STATUSES, type Contract, type ContractInput } from '@common/contracts/contracts';
import { calendarDate } from '@common/contracts/wire';
import { addDays, addMonths } from '@common/dates';
import { fromMinor, toMinor } from '@common/money';

// The contract form works in what people type (a decimal amount, blank = none) and converts to the API's shape.

const optionalNumber = (check: (n: number) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && check(Number(v))), message);

export function contractFormSchema(currency: string) {
  return z
    .object({
      title: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
      startDate: calendarDate,
      endDate: calendarDate,
      renewalTermMonths: optionalNumber(
        (n) => Number.isInteger(n) && n >= 1 && n <= 120,
        'Whole months, 1 to 120',
      ),
      autoRenew: z.boolean(),
      noticePeriodDays: z.number({ error: 'Enter a number of days' }).int('Whole days').min(0).max(3650),
      priceIncreaseCapPct: optionalNumber(
        (n) => n >= 0 && n <= 1000 && Math.round(n * 100) === n * 100,
        '0–1000, at most two decimals',
      ),
      totalValue: z
        .string()
        .trim()
        .refine((v) => {
          if (v === '') return true;
          try {
            return toMinor(v, currency) >= 0;
          } catch {
            return false;
          }
        }, 'Enter an amount, e.g. 12000.00'),
      paymentTerms: z.string().trim().max(200),
      status: z.enum(CONTRACT_STATUSES),
      notes: z.string().trim().max(5000),
    })
    .refine((v) => v.endDate >= v.startDate, {
      message: 'The end date must not be before the start date',
      path: ['endDate'],
    });
}
export type ContractFormValues = z.infer<ReturnType<typeof contractFormSchema>>;

export function toContractInput(values: ContractFormValues, currency: string): ContractInput {
  const blankToNull = (v: string) => (v === '' ? null : v);
  return {
    title: values.title,
    startDate: values.startDate,
    endDate: values.endDate,
    renewalTermMonths: values.renewalTermMonths === '' ? null : Number(values.renewalTermMonths),
    autoRenew: values.autoRenew,
    noticePeriodDays: values.noticePeriodDays,
    priceIncreaseCapPct: values.priceIncreaseCapPct === '' ? null : Number(values.priceIncreaseCapPct),
    totalValueMinor: values.totalValue === '' ? null : toMinor(values.totalValue, currency),
    currency: currency as ContractInput['currency'],
    paymentTerms: blankToNull(values.paymentTerms),
    status: values.status,
    notes: blankToNull(values.notes),
  };
}

export function formValuesOf(contract: Contract | null, today: string): ContractFormValues {
  if (!contract) {
    return {
      title: '',
      startDate: today,
      endDate: addDays(addMonths(today, 12), -1),
      renewalTermMonths: '12',
      autoRenew: true,
      noticePeriodDays: 30,
      priceIncreaseCapPct: '',
      totalValue: '',
      paymentTerms: '',
      status: 'active',
      notes: '',
    };
  }
  return {
    title: contract.title,
    startDate: contract.startDate,
    endDate: contract.endDate,
    renewalTermMonths: contract.renewalTermMonths === null ? '' : String(contract.renewalTermMonths),
    autoRenew: contract.autoRenew,
    noticePeriodDays: contract.noticePeriodDays,
    priceIncreaseCapPct: contract.priceIncreaseCapPct === null ? '' : String(contract.priceIncreaseCapPct),
    totalValue:
      contract.totalValueMinor === null ? '' : String(fromMinor(contract.totalValueMinor, contract.currency)),
    paymentTerms: contract.paymentTerms ?? '',
    status: contract.status,
    notes: contract.notes ?? '',
  };
}

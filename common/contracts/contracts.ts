import { z } from 'zod';
import { currencyCode } from './organizations';
import { calendarDate, instant, type Wire } from './wire';

export const CONTRACT_STATUSES = ['active', 'renewing', 'renewed', 'cancelled', 'expired'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
/** Statuses of a contract that is still running; the newest of them drives the renewal date. */
export const LIVE_CONTRACT_STATUSES: readonly ContractStatus[] = ['active', 'renewing'];

export const CONTRACT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** What the upload accepts (checked on the server by the file's bytes). */
export const CONTRACT_DOCUMENT_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.doc,.xls,.csv,.txt';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const contractFields = {
  title: z.string().trim().min(1, 'Required').max(200),
  startDate: calendarDate,
  endDate: calendarDate,
  renewalTermMonths: z.number().int().min(1).max(120).nullable().optional(),
  autoRenew: z.boolean().default(true),
  noticePeriodDays: z.number().int().min(0).max(3650).default(0),
  priceIncreaseCapPct: z
    .number()
    .min(0)
    .max(1000)
    .multipleOf(0.01, 'At most two decimals')
    .nullable()
    .optional(),
  totalValueMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
  currency: currencyCode.optional(),
  paymentTerms: optionalText(200),
  status: z.enum(CONTRACT_STATUSES).default('active'),
  notes: optionalText(5000),
};

const datesInOrder = (v: { startDate?: string; endDate?: string }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const datesMessage = { message: 'The end date must not be before the start date', path: ['endDate'] };

export const contractInputBody = z.object(contractFields).refine(datesInOrder, datesMessage);
export const createContractBody = z
  .object({ subscriptionId: z.uuid(), ...contractFields })
  .refine(datesInOrder, datesMessage);
export const updateContractBody = z
  .object({
    title: contractFields.title.optional(),
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    renewalTermMonths: contractFields.renewalTermMonths,
    autoRenew: z.boolean().optional(),
    noticePeriodDays: z.number().int().min(0).max(3650).optional(),
    priceIncreaseCapPct: contractFields.priceIncreaseCapPct,
    totalValueMinor: contractFields.totalValueMinor,
    currency: currencyCode.optional(),
    paymentTerms: contractFields.paymentTerms,
    status: z.enum(CONTRACT_STATUSES).optional(),
    notes: contractFields.notes,
  })
  .refine(datesInOrder, datesMessage);
export type ContractInput = z.input<typeof contractInputBody>;
export type UpdateContractInput = z.input<typeof updateContractBody>;

/** Terms of the successor; anything left out continues the renewed contract. */
export const renewContractBody = z
  .object({
    title: contractFields.title.optional(),
    startDate: calendarDate.optional(),
    endDate: calendarDate.optional(),
    totalValueMinor: contractFields.totalValueMinor,
    notes: contractFields.notes,
  })
  .refine(datesInOrder, datesMessage);

export const contractListQuery = z.object({
  subscriptionId: z.uuid().optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  /** Only live contracts whose end date falls within this many days from today. */
  endingWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
});

export const contractDocumentResponse = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number(),
  createdAt: instant,
});
export type ContractDocument = Wire<typeof contractDocumentResponse>;

export const contractResponse = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  subscriptionName: z.string(),
  title: z.string(),
  startDate: calendarDate,
  endDate: calendarDate,
  renewalTermMonths: z.number().nullable(),
  autoRenew: z.boolean(),
  noticePeriodDays: z.number(),
  cancelByDate: calendarDate,
  priceIncreaseCapPct: z.number().nullable(),
  totalValueMinor: z.number().nullable(),
  currency: z.string(),
  paymentTerms: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  replacesContractId: z.string().nullable(),
  replacedByContractId: z.string().nullable(),
  notes: z.string().nullable(),
  documents: z.array(contractDocumentResponse),
  createdAt: instant,
  updatedAt: instant,
});
export type Contract = Wire<typeof contractResponse>;

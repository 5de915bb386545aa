// Vendors: the companies that bill for applications. Viewing is Starter; editing needs Growth (spec §6).
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES } from './subscriptions';
import { calendarDate, instant, type Wire } from './wire';

const optionalText = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).nullable().optional();
const optionalUrl = z
  .url({ protocol: /^https?$/, error: 'Enter a full URL, e.g. https://example.com' })
  .max(2000)
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));
const optionalEmail = z
  .email('Enter a valid email address')
  .max(320)
  .nullable()
  .optional()
  .or(z.literal('').transform(() => null));

const vendorFields = {
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  website: optionalUrl,
  /** Bare domain, e.g. slack.com. */
  domain: optionalText(253),
  accountManagerName: optionalText(200),
  accountManagerEmail: optionalEmail,
  accountManagerPhone: optionalText(50),
  supportEmail: optionalEmail,
  supportUrl: optionalUrl,
  notes: optionalText(10_000),
};

export const createVendorBody = z.object(vendorFields);
export type CreateVendorBody = z.input<typeof createVendorBody>;

export const updateVendorBody = z
  .object({ ...vendorFields, name: vendorFields.name.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' });
export type UpdateVendorBody = z.input<typeof updateVendorBody>;

export const VENDOR_SORTS = ['name', 'applications', 'monthlySpend'] as const;

export const listVendorsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(VENDOR_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListVendorsQuery = z.input<typeof listVendorsQuery>;

export const vendorResponse = z.object({
  id: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  domain: z.string().nullable(),
  accountManagerName: z.string().nullable(),
  accountManagerEmail: z.string().nullable(),
  accountManagerPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportUrl: z.string().nullable(),
  notes: z.string().nullable(),
  /** Live (not archived) applications billed by this vendor. */
  applicationsCount: z.number(),
  /** Spend of its active and trial applications in the organization's currency. */
  monthlyMinor: z.number(),
  annualMinor: z.number(),
  currency: z.string(),
  createdAt: instant,
  updatedAt: instant,
});
export type Vendor = Wire<typeof vendorResponse>;

export const vendorApplication = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  catalogSlug: z.string().nullable(),
  logoUrl: z.string().nullable(),
  billingCycle: z.string(),
  amountMinor: z.number(),
  monthlyMinor: z.number(),
  annualMinor: z.number(),
  currency: z.string(),
  nextRenewalDate: calendarDate.nullable(),
});

export const vendorDetailResponse = vendorResponse.extend({ applications: z.array(vendorApplication) });
export type VendorDetail = Wire<typeof vendorDetailResponse>;

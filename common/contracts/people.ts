import { z } from 'zod';
import { USAGE_SOURCES } from '../licenses';
import { emailSchema } from './auth';
import { calendarDate, instant, type Wire } from './wire';

// People (employees who use tools, not login accounts), their seats and offboarding.

export const PERSON_STATUSES = ['active', 'offboarded'] as const;
export type PersonStatus = (typeof PERSON_STATUSES)[number];
export const PERSON_SOURCES = ['manual', 'csv', 'scim', 'google_workspace', 'entra_id', 'okta'] as const;
export type PersonSource = (typeof PERSON_SOURCES)[number];
/** Why a seat was given back: by hand, bulk reclaim, offboarding or the holder's own answer. */
/** `connector`: the provider (e.g. Slack) no longer lists the holder. */
export const UNASSIGN_REASONS = ['manual', 'reclaim', 'offboarding', 'attestation', 'connector'] as const;
export type UnassignReason = (typeof UNASSIGN_REASONS)[number];

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** Optional text where '' clears the value (stored as null). */
const clearableText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => v || null);

export const personEmail = emailSchema.transform((v) => v.toLowerCase());

// No defaults here: an update changes only the fields it names.
const personFields = z.object({
  email: personEmail.optional(),
  firstName: text(100).optional(),
  lastName: text(100).optional(),
  department: clearableText(100).optional(),
  team: clearableText(100).optional(),
  title: clearableText(150).optional(),
  managerId: z.uuid().nullable().optional(),
  startDate: calendarDate.nullable().optional(),
  endDate: calendarDate.nullable().optional(),
  /** Own entity and brand (Scale); null falls back to the department's mapping, else the defaults. */
  entityId: z.uuid().nullable().optional(),
  brandId: z.uuid().nullable().optional(),
});

const checkDates = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.endDate >= v.startDate;
const datesMessage = { message: 'End date must be on or after the start date', path: ['endDate'] };

export const createPersonBody = personFields
  .extend({ email: personEmail, firstName: text(100).default(''), lastName: text(100).default('') })
  .refine(checkDates, datesMessage);
export type CreatePersonBody = z.input<typeof createPersonBody>;
export const updatePersonBody = personFields.refine(checkDates, datesMessage);
export type UpdatePersonBody = z.input<typeof updatePersonBody>;

export const peopleListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  department: z.string().trim().max(100).optional(),
  team: z.string().trim().max(100).optional(),
  status: z.enum([...PERSON_STATUSES, 'all']).default('all'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type PeopleListQuery = z.input<typeof peopleListQuery>;

export const moneyTotal = z.object({ currency: z.string(), amountMinor: z.number() });
export type MoneyTotal = z.infer<typeof moneyTotal>;

/** One seat a person holds, priced per year. */
export const personLicense = z.object({
  id: z.string(),
  poolId: z.string(),
  subscriptionId: z.string(),
  subscriptionName: z.string(),
  tierName: z.string(),
  assignedAt: instant,
  lastActiveAt: instant.nullable(),
  source: z.enum(USAGE_SOURCES),
  active: z.boolean(),
  yearlyCostMinor: z.number(),
  currency: z.string(),
});
export type PersonLicense = Wire<typeof personLicense>;

export const personResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  department: z.string().nullable(),
  team: z.string().nullable(),
  title: z.string().nullable(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  /** The person's own entity and brand (null: their department's mapping, else the defaults). */
  entityId: z.string().nullable(),
  entityName: z.string().nullable(),
  brandId: z.string().nullable(),
  brandName: z.string().nullable(),
  status: z.enum(PERSON_STATUSES),
  startDate: calendarDate.nullable(),
  endDate: calendarDate.nullable(),
  source: z.enum(PERSON_SOURCES),
  createdAt: instant,
  updatedAt: instant,
  licenses: z.array(personLicense),
  yearlyCosts: z.array(moneyTotal),
});
export type Person = Wire<typeof personResponse>;

export const peopleListResponse = z.object({
  items: z.array(personResponse),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** Offboarded people who still hold seats: money leaking until someone reclaims them. */
  offboardedWithLicenses: z.number(),
});
export type PeopleList = Wire<typeof peopleListResponse>;

export const departmentsResponse = z.array(
  z.object({
    name: z.string(),
    count: z.number(),
    teams: z.array(z.object({ name: z.string(), count: z.number() })),
  }),
);
export type Departments = Wire<typeof departmentsResponse>;

export const offboardingAssignment = personLicense.extend({
  ownerUserId: z.string().nullable(),
  ownerName: z.string().nullable(),
});

export const offboardingPreview = z.object({
  person: personResponse,
  assignments: z.array(offboardingAssignment),
  yearlyCosts: z.array(moneyTotal),
});
export type OffboardingPreview = Wire<typeof offboardingPreview>;

export const offboardBody = z.object({ endDate: calendarDate.optional() });

export const offboardResponse = z.object({
  person: personResponse,
  unassigned: z.number(),
  yearlyCostsFreed: z.array(moneyTotal),
  notifiedOwners: z.number(),
});
export type OffboardResult = Wire<typeof offboardResponse>;

export const personIdsBody = z.object({
  personIds: z.array(z.uuid()).min(1, 'Choose at least one person').max(1000, 'At most 1000 at once'),
});

export const confirmOffboardResponse = z.object({ offboarded: z.number(), unassigned: z.number() });

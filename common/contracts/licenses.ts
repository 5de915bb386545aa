import { z } from 'zod';
import { BILLING_CYCLES } from '../billing';
import { INACTIVITY_DAY_CHOICES, USAGE_SOURCES } from '../licenses';
import { CONNECTOR_PROVIDERS } from './connectors';
import { allocationFilterQuery } from './entities';
import { PERSON_STATUSES, UNASSIGN_REASONS } from './people';
import { calendarDate, instant, type Wire } from './wire';

// License pools (an application's tiers), their seats, utilisation and reclaiming.

export const utilisationSchema = z.object({
  purchased: z.number().nullable(),
  assigned: z.number(),
  unassigned: z.number(),
  active: z.number(),
  inactive: z.number(),
  utilisationPct: z.number().nullable(),
  overAssigned: z.boolean(),
  overAssignedBy: z.number(),
  yearlyCostMinor: z.number(),
  wastedSeats: z.number(),
  wasteYearlyMinor: z.number(),
});
export type UtilisationView = z.infer<typeof utilisationSchema>;

const seats = z.number().int().min(0, 'Seats cannot be negative').max(1_000_000, 'At most 1,000,000 seats');
const money = z.number().int('Use minor units (cents)').min(0, 'Cannot be negative').max(1e12);

const tierName = z.string().trim().min(1, 'Required').max(120, 'At most 120 characters');

export const createPoolBody = z.object({
  subscriptionId: z.uuid(),
  tierName: tierName.default('Standard'),
  /** null = unlimited; omitted = the application's seat count. */
  seats: seats.nullable().optional(),
  /** Defaults from the application (its unit price, or its amount per seat). */
  unitPriceMinor: money.optional(),
  billingCycle: z.enum(BILLING_CYCLES).optional(),
  intervalMonths: z.number().int().min(24).max(120).multipleOf(12).nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
});
export type CreatePoolBody = z.input<typeof createPoolBody>;

// No defaults here: an update changes only the fields it names.
export const updatePoolBody = createPoolBody
  .omit({ subscriptionId: true })
  .extend({ tierName: tierName.optional() })
  .partial();
export type UpdatePoolBody = z.input<typeof updatePoolBody>;

export const poolResponse = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  subscriptionName: z.string(),
  ownerUserId: z.string().nullable(),
  tierName: z.string(),
  seats: z.number().nullable(),
  unitPriceMinor: z.number(),
  billingCycle: z.string(),
  intervalMonths: z.number().nullable(),
  currency: z.string(),
  notes: z.string().nullable(),
  /** The connector that keeps the seats (Slack, Google Workspace), or null when kept by hand. */
  seatsSource: z.enum(USAGE_SOURCES).nullable(),
  /** When that connector last wrote them. */
  seatsSyncedAt: instant.nullable(),
  seatYearlyCostMinor: z.number(),
  utilisation: utilisationSchema,
  createdAt: instant,
  updatedAt: instant,
});
export type LicensePool = Wire<typeof poolResponse>;

export const applicationLicenses = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  currency: z.string(),
  ownerUserId: z.string().nullable(),
  /** Some open seat has a recorded activity date; false = active users unknown, not zero. */
  hasUsageData: z.boolean(),
  /** Where the latest seat activity came from (a connector such as Google Workspace, a usage import…), and when. */
  usageSource: z.enum(USAGE_SOURCES).nullable(),
  lastActivityAt: instant.nullable(),
  /** Distinct people active in the organization's window (server/modules/licenses/active-users.ts). */
  activeUsers: z.number(),
  utilisation: utilisationSchema,
  /** Tiers with more holders than seats purchased: flagged, never blocked. */
  overAssignedPools: z.array(
    z.object({
      poolId: z.string(),
      tierName: z.string(),
      seats: z.number().nullable(),
      assigned: z.number(),
    }),
  ),
  pools: z.array(poolResponse),
});
export type ApplicationLicenses = Wire<typeof applicationLicenses>;

export const licensesOverview = z.object({
  inactivityDays: z.number(),
  applications: z.array(applicationLicenses),
  totals: z.object({
    pools: z.number(),
    purchased: z.number().nullable(),
    assigned: z.number(),
    active: z.number(),
    wasteYearly: z.array(z.object({ currency: z.string(), amountMinor: z.number() })),
  }),
});
export type LicensesOverview = Wire<typeof licensesOverview>;

export const licensesListQuery = z.object({
  subscriptionId: z.uuid().optional(),
  ...allocationFilterQuery.shape,
});

export const assignmentView = z.object({
  id: z.string(),
  poolId: z.string(),
  personId: z.string(),
  personName: z.string(),
  email: z.string(),
  department: z.string().nullable(),
  personStatus: z.enum(PERSON_STATUSES),
  assignedAt: instant,
  lastActiveAt: instant.nullable(),
  source: z.enum(USAGE_SOURCES),
  /** The connector that assigned the seat; null = entered by hand or imported (a provider's sync keeps it). */
  assignedFrom: z.enum(CONNECTOR_PROVIDERS).nullable(),
  active: z.boolean(),
  unassignedAt: instant.nullable(),
  unassignReason: z.enum(UNASSIGN_REASONS).nullable(),
});
export type AssignmentView = Wire<typeof assignmentView>;

export const poolDetail = poolResponse.extend({
  inactivityDays: z.number(),
  assignments: z.array(assignmentView),
  /** The latest closed assignments, newest first. */
  history: z.array(assignmentView),
});
export type PoolDetail = Wire<typeof poolDetail>;

export const poolParams = z.object({ poolId: z.uuid() });
export const assignmentParams = z.object({ poolId: z.uuid(), assignmentId: z.uuid() });

/**
 * A seat's real assignment or last-activity date: a day (YYYY-MM-DD) or an ISO date-time. The server
 * refuses dates in the future and an activity before the assignment (seatDayIssues, common/licenses.ts).
 */
const seatDate = z.union([calendarDate, z.iso.datetime({ offset: true })], {
  error: 'Use a date (YYYY-MM-DD) or an ISO date-time',
});
const seatDates = {
  /** When the person got the seat; default: now. */
  assignedAt: seatDate.optional(),
  /** When they last used it; default: none recorded. */
  lastActiveAt: seatDate.optional(),
};

/**
 * Gives seats: `personIds` all with the same dates (or none), and/or `assignments`, each person with
 * their own dates (a bulk load of seats with their history).
 */
export const assignBody = z
  .object({
    personIds: z.array(z.uuid()).max(1000, 'At most 1000 at once').default([]),
    ...seatDates,
    assignments: z
      .array(z.object({ personId: z.uuid(), ...seatDates }))
      .max(1000, 'At most 1000 at once')
      .default([]),
  })
  .refine((v) => v.personIds.length + v.assignments.length > 0, {
    message: 'Choose at least one person',
    path: ['personIds'],
  })
  .refine((v) => v.personIds.length + v.assignments.length <= 1000, {
    message: 'At most 1000 at once',
    path: ['assignments'],
  });
export type AssignBody = z.input<typeof assignBody>;

/** Corrects a seat's dates; null clears the last activity (never seen). */
export const updateAssignmentBody = z
  .object({ assignedAt: seatDate.optional(), lastActiveAt: seatDate.nullable().optional() })
  .refine((v) => v.assignedAt !== undefined || v.lastActiveAt !== undefined, {
    message: 'Nothing to change',
  });
export type UpdateAssignmentBody = z.input<typeof updateAssignmentBody>;

export const assignResponse = z.object({
  assigned: z.array(assignmentView),
  /** People who already held a seat of this pool (nothing changed for them). */
  alreadyAssigned: z.array(z.string()),
  utilisation: utilisationSchema,
});
export type AssignResult = Wire<typeof assignResponse>;

export const reclaimBody = z.object({
  assignmentIds: z.array(z.uuid()).min(1, 'Choose at least one seat').max(1000, 'At most 1000 at once'),
  /** Reclaim seats that are still active too (normally only inactive ones are reclaimed). */
  includeActive: z.boolean().default(false),
});

export const reclaimResponse = z.object({
  reclaimed: z.number(),
  /** Active seats left in place because includeActive was false. */
  skippedActive: z.array(z.string()),
  utilisation: utilisationSchema,
});

export const licenseSettings = z.object({
  inactivityDays: z.union(INACTIVITY_DAY_CHOICES.map((n) => z.literal(n))),
});
export type LicenseSettings = z.infer<typeof licenseSettings>;

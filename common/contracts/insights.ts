// Insights and Optimize (Growth, issue 16): the savings opportunities, their pipeline and the ledger.
import { z } from 'zod';
import {
  CONFIDENCES,
  OPPORTUNITY_TYPES,
  type EvidenceKind,
  type OpportunityType,
} from '../insights/opportunity';
import { insightSettingsSchema } from '../insights/settings';
import { calendarDate, instant, type Wire } from './wire';

export const OPPORTUNITY_TYPE_LABELS: Record<OpportunityType, string> = {
  inactive_licenses: 'Inactive licenses',
  unassigned_seats: 'Unassigned seats',
  departed_person: 'Departed people',
  duplicate_purchase: 'Duplicate purchases',
  overlapping_tools: 'Overlapping tools',
  monthly_to_annual: 'Monthly to annual',
  tier_right_sizing: 'Tier right-sizing',
  price_above_list: 'Price above list',
  price_increase: 'Price increases',
  renewal_at_risk: 'Renewals at risk',
  zombie_spend: 'Zombie spend',
  shadow_it: 'Shadow IT',
  renewal_right_sizing: 'Renewal right-sizing',
};

export const INSIGHT_STATES = ['new', 'reviewing', 'in_progress', 'realized', 'dismissed'] as const;
export type InsightState = (typeof INSIGHT_STATES)[number];
/** The states of work still to do: what "open" means in filters and totals. */
export const OPEN_INSIGHT_STATES = [
  'new',
  'reviewing',
  'in_progress',
] as const satisfies readonly InsightState[];

export const INSIGHT_STATE_LABELS: Record<InsightState, string> = {
  new: 'New',
  reviewing: 'Reviewing',
  in_progress: 'In progress',
  realized: 'Realized',
  dismissed: 'Dismissed',
};

export const DISMISS_REASONS = ['not_relevant', 'already_handled', 'business_need', 'other'] as const;
export type DismissReason = (typeof DISMISS_REASONS)[number];
export const DISMISS_REASON_LABELS: Record<DismissReason, string> = {
  not_relevant: 'Not relevant',
  already_handled: 'Already handled',
  business_need: 'Business need',
  other: 'Other',
};

export const REALIZED_SOURCES = ['auto', 'manual'] as const;
export type RealizedSource = (typeof REALIZED_SOURCES)[number];

/**
 * What the subject cost when the opportunity was found, per application: auto-realisation compares
 * the current figures with these (seats reduced, application cancelled, price lowered).
 */
export interface InsightBaseline {
  applications: Array<{
    id: string;
    status: string;
    annualCostMinor: number;
    seats: number | null;
    unitPriceMinor: number | null;
    /** Seats held in the application's pools. */
    assignedSeats: number;
  }>;
  /** For spend outside applications (shadow IT, zombie spend): yearly run-rate of the charges. */
  chargesAnnualMinor?: number;
}

const csvList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values, { error: `Use one of: ${values.join(', ')}` })));

export const insightListQuery = z.object({
  /** One or more types, comma-separated. */
  type: csvList(OPPORTUNITY_TYPES).optional(),
  /** One or more states, comma-separated, or `open` (new, reviewing, in progress; not snoozed). Default: open. */
  state: z.union([z.literal('open'), csvList(INSIGHT_STATES)]).default('open'),
  applicationId: z.uuid().optional(),
  ownerUserId: z.uuid().optional(),
  /** Yearly saving at least this, in minor units of the organization's currency. */
  minSavingMinor: z.coerce.number().int().min(0).optional(),
  /** Include snoozed opportunities (hidden by default until their date). */
  includeSnoozed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['saving', 'newest', 'due']).default('saving'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type InsightListQuery = z.input<typeof insightListQuery>;

const namedRef = z.object({ id: z.string(), name: z.string() });

export const evidenceSchema = z.object({
  kind: z.custom<EvidenceKind>((v) => typeof v === 'string'),
  id: z.string().nullable(),
  label: z.string(),
  figures: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});

export const decisionAlternativeSchema = z.object({
  type: z.enum(OPPORTUNITY_TYPES),
  title: z.string(),
  explanation: z.string(),
  savingMinor: z.number().nullable(),
  savingUnavailable: z.string().nullable(),
  arithmetic: z.string().nullable(),
  action: z.object({ path: z.string(), text: z.string() }),
  /** Part of the recommended choice the decision's saving counts. */
  recommended: z.boolean(),
});

/** One application's seat-and-price decision (issue 31): usage known or not, the renewal's seats, the alternatives. */
export const decisionSchema = z.object({
  applicationId: z.string(),
  /**
   * 'unknown': no activity was ever recorded, so no seat is cut for inactivity ("Usage unknown —
   * connect Google Workspace, Microsoft Entra ID or Okta"); 'untracked': the application has no license pools, no seats to size.
   */
  usage: z.enum(['known', 'unknown', 'untracked']),
  targetSeats: z.number().nullable(),
  seatsInUse: z.number().nullable(),
  /** Of those, seats handed out within the grace period and not used yet (not active users). */
  newlyAssigned: z.number().nullable().default(null),
  alternatives: z.array(decisionAlternativeSchema),
});

export const insightResponse = z.object({
  id: z.string(),
  type: z.enum(OPPORTUNITY_TYPES),
  key: z.string(),
  title: z.string(),
  /** Plain-language why (the model's text when the AI narrative is on and passed its check). */
  explanation: z.string(),
  /** Yearly saving; null when a price is missing (savingUnavailable says what). */
  savingMinor: z.number().nullable(),
  /**
   * What it adds to the organization's total once overlapping savings count once (0 when closed or
   * snoozed): the amount every card, column and breakdown shows; the headline is their sum.
   */
  countedMinor: z.number(),
  /** The open opportunities it shares a saving with; the headline counts the shared part once. */
  overlapsWith: z.array(z.object({ id: z.string(), title: z.string() })),
  /** The application decision it is, or its usage state; null for other kinds. */
  decision: decisionSchema.nullable(),
  currency: z.string(),
  arithmetic: z.string().nullable(),
  savingUnavailable: z.string().nullable(),
  confidence: z.enum(CONFIDENCES),
  confidenceReason: z.string(),
  applications: z.array(namedRef),
  people: z.array(namedRef),
  action: z.object({ path: z.string(), text: z.string() }),
  state: z.enum(INSIGHT_STATES),
  /** False once the latest generation no longer finds it. */
  detected: z.boolean(),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  dueDate: calendarDate.nullable(),
  snoozedUntil: calendarDate.nullable(),
  dismissReason: z.enum(DISMISS_REASONS).nullable(),
  dismissNote: z.string().nullable(),
  realizedMinor: z.number().nullable(),
  realizedSource: z.enum(REALIZED_SOURCES).nullable(),
  /** Measured annual cost before and after, when realized on its own. */
  beforeAnnualMinor: z.number().nullable(),
  afterAnnualMinor: z.number().nullable(),
  realizedAt: instant.nullable(),
  commentCount: z.number(),
  firstSeenAt: instant,
  lastSeenAt: instant,
  updatedAt: instant,
});
export type Insight = Wire<typeof insightResponse>;

export const insightComment = z.object({
  id: z.string(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: instant,
});
export type InsightComment = Wire<typeof insightComment>;

export const insightDetailResponse = insightResponse.extend({
  evidence: z.array(evidenceSchema),
  comments: z.array(insightComment),
});
export type InsightDetail = Wire<typeof insightDetailResponse>;

const typeTotal = z.object({
  type: z.enum(OPPORTUNITY_TYPES),
  count: z.number(),
  /** Counted once across overlapping opportunities. */
  savingMinor: z.number(),
});

export const insightListResponse = z.object({
  items: z.array(insightResponse),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  currency: z.string(),
  /** Over every open (and not snoozed) opportunity, whatever the filters: counted once. */
  totals: z.object({
    openCount: z.number(),
    identifiedMinor: z.number(),
    byType: z.array(typeTotal),
  }),
  /** End of the last generation; null before the first. */
  generatedAt: instant.nullable(),
  /** When "Refresh now" may be used again; null = now. */
  refreshAvailableAt: instant.nullable(),
});
export type InsightList = Wire<typeof insightListResponse>;

export const insightPatchBody = z
  .object({
    state: z.enum(INSIGHT_STATES, { error: `Use one of: ${INSIGHT_STATES.join(', ')}` }).optional(),
    ownerUserId: z.uuid().nullable().optional(),
    dueDate: calendarDate.nullable().optional(),
    /** Hide until this date (after today); null to bring it back now. */
    snoozedUntil: calendarDate.nullable().optional(),
    dismissReason: z.enum(DISMISS_REASONS, { error: `Use one of: ${DISMISS_REASONS.join(', ')}` }).optional(),
    dismissNote: z.string().trim().max(2000, 'At most 2000 characters').optional(),
    /** Required when marking realized by hand: the yearly amount actually saved. */
    realizedMinor: z.number().int('Whole minor units (cents)').min(0).max(1_000_000_000_000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to change' })
  .superRefine((v, ctx) => {
    if (v.state === 'dismissed' && !v.dismissReason)
      ctx.addIssue({ code: 'custom', path: ['dismissReason'], message: 'Say why it is dismissed' });
    if (v.dismissReason === 'other' && !v.dismissNote)
      ctx.addIssue({ code: 'custom', path: ['dismissNote'], message: 'Add a note for "Other"' });
    if (v.state === 'realized' && v.realizedMinor === undefined)
      ctx.addIssue({ code: 'custom', path: ['realizedMinor'], message: 'Enter the amount saved per year' });
  });
export type InsightPatchBody = z.input<typeof insightPatchBody>;

export const insightCommentBody = z.object({
  body: z.string().trim().min(1, 'Write a comment').max(4000, 'At most 4000 characters'),
});
export type InsightCommentBody = z.input<typeof insightCommentBody>;

export const insightRefreshResponse = z.object({
  generatedAt: instant,
  created: z.number(),
  updated: z.number(),
  realized: z.number(),
  refreshAvailableAt: instant,
});
export type InsightRefresh = Wire<typeof insightRefreshResponse>;

const ledgerFigures = {
  identifiedMinor: z.number(),
  inProgressMinor: z.number(),
  realizedFiscalYearMinor: z.number(),
  realizedAllTimeMinor: z.number(),
};

export const insightSummaryResponse = z.object({
  currency: z.string(),
  fiscalYearStart: calendarDate,
  /** identified: every open opportunity (new, reviewing, in progress), overlaps counted once; inProgress: those in progress. */
  ...ledgerFigures,
  openCount: z.number(),
  /** The three opportunities to act on first (open; largest counted saving, low confidence last). */
  topActions: z.array(insightResponse),
  byType: z.array(z.object({ type: z.enum(OPPORTUNITY_TYPES), count: z.number(), ...ledgerFigures })),
  byOwner: z.array(z.object({ owner: namedRef.nullable(), count: z.number(), ...ledgerFigures })),
  byDepartment: z.array(z.object({ department: z.string().nullable(), count: z.number(), ...ledgerFigures })),
  /** Realized savings per month (YYYY-MM), the last 12 months, oldest first. */
  realizedByMonth: z.array(z.object({ month: z.string(), realizedMinor: z.number() })),
  generatedAt: instant.nullable(),
});
export type InsightSummary = Wire<typeof insightSummaryResponse>;

/** GET /api/insights/export: the whole pipeline (every opportunity, any state) as a download. */
export const insightExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const insightSettingsResponse = insightSettingsSchema;
export { insightSettingsPatch } from '../insights/settings';

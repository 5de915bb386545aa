// Reports (Growth; branded on Scale): a library of ready reports, each one document that the screen,
// the PDF, the workbook and the CSV are all made from, and their scheduled delivery by e-mail.
import { z } from 'zod';
import { calendarDate, instant, type Wire } from './wire';

export const REPORT_KEYS = [
  'executive-summary',
  'spend-by-department',
  'spend-by-vendor',
  'renewals-calendar',
  'license-utilisation',
  'savings-realised',
  'budget-vs-actual',
  'shadow-it',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** Titles and one-line descriptions of the library, in its order. */
export const REPORT_LIBRARY: Record<ReportKey, { title: string; description: string }> = {
  'executive-summary': {
    title: 'Executive summary',
    description:
      'The CFO report: total spend and trend, forecast, top applications, savings, renewals in the next 90 days, budgets, license utilisation and risks.',
  },
  'spend-by-department': {
    title: 'Spend by department',
    description: 'Software spend per department over the period, month by month, with cost per employee.',
  },
  'spend-by-vendor': {
    title: 'Spend by vendor',
    description:
      'What each vendor was paid over the period, with its applications and the change on the period before.',
  },
  'renewals-calendar': {
    title: 'Renewals calendar',
    description: 'Every renewal in the period with its cost, notice period, cancel-by date and auto-renewal.',
  },
  'license-utilisation': {
    title: 'License utilisation',
    description: 'Seats purchased, assigned and active per application, and what the unused seats cost.',
  },
  'savings-realised': {
    title: 'Savings realised',
    description: 'Savings identified and realised over the period, by opportunity type and owner.',
  },
  'budget-vs-actual': {
    title: 'Budget vs actual',
    description:
      'Each budget against what was spent in the period, with the forecast to the end of the budget.',
  },
  'shadow-it': {
    title: 'Shadow IT',
    description: 'Recurring card and invoice charges that match no application in the inventory.',
  },
};

export const REPORT_FORMATS = ['json', 'pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

// ---------------------------------------------------------------------------------------------
// The report document: what every format is rendered from.

/** How a value is shown: money in the report's currency (minor units), a count, a percent (0–100), a date. */
export const VALUE_FORMATS = ['money', 'number', 'percent', 'date', 'text'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportKpi = z.object({
  label: z.string(),
  value: cell,
  format: z.enum(VALUE_FORMATS),
  /** A short line under the figure, e.g. "+12.4 % on the previous period". */
  hint: z.string().nullable().optional(),
  /** Good, bad or neutral colouring of the hint. */
  tone: z.enum(['good', 'bad', 'neutral']).optional(),
});

export const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  format: z.enum(VALUE_FORMATS),
});

const sectionBase = { id: z.string(), title: z.string() };

export const reportSection = z.discriminatedUnion('type', [
  z.object({ ...sectionBase, type: z.literal('kpis'), items: z.array(reportKpi) }),
  z.object({
    ...sectionBase,
    type: z.literal('chart'),
    chart: z.enum(['bar', 'stacked-bar', 'line']),
    /** The x axis: period labels or names. */
    categories: z.array(z.string()),
    series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })),
    format: z.enum(VALUE_FORMATS),
  }),
  z.object({
    ...sectionBase,
    type: z.literal('table'),
    columns: z.array(reportColumn),
    rows: z.array(z.record(z.string(), cell)),
    /** A totals row, keyed like the rows. */
    totals: z.record(z.string(), cell).nullable().optional(),
    /** Shown when rows is empty. */
    empty: z.string().optional(),
  }),
  z.object({ ...sectionBase, type: z.literal('text'), paragraphs: z.array(z.string()) }),
]);
export type ReportSection = Wire<typeof reportSection>;

export const REPORT_BRAND_COLOR = '#4F46E5';

/** The organization's branding for reports (Scale); stored on the organization. */
export interface ReportBranding {
  /** File storage key of the logo (PNG or JPEG). */
  logoKey?: string | null;
  /** '#RRGGBB' used for headings, rules and the first chart series. */
  primaryColor?: string | null;
  /** The name printed on reports; the organization's name when empty. */
  displayName?: string | null;
}

export const reportDocument = z.object({
  key: z.enum(REPORT_KEYS),
  title: z.string(),
  /** e.g. "1 Nov 2025 – 31 Oct 2026". */
  periodLabel: z.string(),
  from: calendarDate,
  to: calendarDate,
  currency: z.string(),
  generatedAt: instant,
  branding: z.object({
    /** Who the report is from: the organization's name (or display name on Scale). */
    name: z.string(),
    primaryColor: z.string(),
    /** URL of the logo to show (Scale with a logo), else null. */
    logoUrl: z.string().nullable(),
    /** True when the report carries the "Made with Stackwise" mark: plans without branded reports (Growth). */
    stackwise: z.boolean(),
  }),
  sections: z.array(reportSection),
});
export type ReportDocument = Wire<typeof reportDocument>;

export const reportQuery = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    format: z.enum(REPORT_FORMATS).default('json'),
    /** CSV only: the table section to export (default: the report's first table). */
    table: z.string().max(100).optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type ReportQuery = z.input<typeof reportQuery>;

export const reportListResponse = z.array(
  z.object({ key: z.enum(REPORT_KEYS), title: z.string(), description: z.string() }),
);

// ---------------------------------------------------------------------------------------------
// Scheduled delivery.

export const REPORT_FREQUENCIES = ['weekly', 'monthly', 'quarterly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_DELIVERY_STATUSES = ['sending', 'sent', 'failed'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];

export interface ReportRecipients {
  memberIds: string[];
  emails: string[];
}

const recipients = z
  .object({
    memberIds: z.array(z.uuid()).max(100).default([]),
    emails: z.array(z.email('Please enter a valid email address').max(254)).max(50).default([]),
  })
  .refine((v) => v.memberIds.length + v.emails.length > 0, {
    message: 'Choose at least one recipient',
    path: ['emails'],
  });

const scheduleFields = {
  reportKey: z.enum(REPORT_KEYS),
  name: z.string().trim().min(1, 'Please enter a name').max(120),
  frequency: z.enum(REPORT_FREQUENCIES),
  /** Weekly: 1 = Monday … 7 = Sunday. */
  dayOfWeek: z.number().int().min(1).max(7).nullable().optional(),
  /** Monthly and quarterly: 1–28 (every month has it). */
  dayOfMonth: z.number().int().min(1).max(28).nullable().optional(),
  recipients,
  attachXlsx: z.boolean().default(false),
  enabled: z.boolean().default(true),
};

function dayMatchesFrequency(v: {
  frequency?: ReportFrequency;
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
}) {
  if (v.frequency === 'weekly') return v.dayOfWeek != null;
  if (v.frequency === 'monthly' || v.frequency === 'quarterly') return v.dayOfMonth != null;
  return true;
}
const dayMessage = {
  message: 'Weekly needs a day of the week; monthly and quarterly a day of the month',
  path: ['frequency'],
};

export const createReportScheduleBody = z.object(scheduleFields).refine(dayMatchesFrequency, dayMessage);
export type CreateReportScheduleBody = z.input<typeof createReportScheduleBody>;
// A PATCH changes only what it names: the flags' defaults would otherwise reset them.
export const updateReportScheduleBody = z
  .object({ ...scheduleFields, attachXlsx: z.boolean(), enabled: z.boolean() })
  .partial()
  .refine(dayMatchesFrequency, dayMessage);
export type UpdateReportScheduleBody = z.input<typeof updateReportScheduleBody>;

export const reportScheduleResponse = z.object({
  id: z.string(),
  reportKey: z.enum(REPORT_KEYS),
  name: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  dayOfWeek: z.number().nullable(),
  dayOfMonth: z.number().nullable(),
  recipients: z.object({ memberIds: z.array(z.string()), emails: z.array(z.string()) }),
  attachXlsx: z.boolean(),
  enabled: z.boolean(),
  /** When the next one goes out (the day it is due, in UTC). */
  nextRunOn: calendarDate.nullable(),
  lastSentAt: instant.nullable(),
  createdAt: instant,
});
export type ReportSchedule = Wire<typeof reportScheduleResponse>;

export const reportDeliveryResponse = z.object({
  id: z.string(),
  scheduleId: z.string().nullable(),
  scheduleName: z.string().nullable(),
  reportKey: z.enum(REPORT_KEYS),
  periodKey: z.string(),
  periodFrom: calendarDate,
  periodTo: calendarDate,
  status: z.enum(REPORT_DELIVERY_STATUSES),
  recipients: z.array(z.string()),
  error: z.string().nullable(),
  createdAt: instant,
  sentAt: instant.nullable(),
});
export type ReportDelivery = Wire<typeof reportDeliveryResponse>;

// ---------------------------------------------------------------------------------------------
// Report branding (Scale).

export const reportBrandingBody = z.object({
  /** The name printed on reports; empty = the organization's name. */
  displayName: z.string().trim().max(80).nullable().optional(),
  primaryColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #4F46E5')
    .nullable()
    .optional(),
});
export type ReportBrandingBody = z.input<typeof reportBrandingBody>;

export const reportBrandingResponse = z.object({
  displayName: z.string().nullable(),
  primaryColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** The organization's name, which reports carry when displayName is empty. */
  organizationName: z.string(),
});
export type ReportBrandingView = Wire<typeof reportBrandingResponse>;

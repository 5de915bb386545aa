// Foreign-exchange rates: amounts stay in their own currency and are converted at the charge's date.
import { z } from 'zod';
import { currencyCode } from './organizations';
import { calendarDate, instant, type Wire } from './wire';

export const FX_RATE_SOURCES = ['manual', 'csv', 'feed'] as const;
export type FxRateSource = (typeof FX_RATE_SOURCES)[number];

/** A charge uses the latest rate on or before its date, at most this many days older (weekends, holidays). */
export const FX_LOOKBACK_DAYS = 7;

export const fxRateInput = z
  .object({
    date: calendarDate,
    base: currencyCode,
    quote: currencyCode,
    /** 1 base = rate quote. */
    rate: z.number().positive('A rate must be above 0').max(1e9),
  })
  .refine((v) => v.base !== v.quote, { message: 'Base and quote must differ', path: ['quote'] });

export const createFxRatesBody = z.object({ rates: z.array(fxRateInput).min(1).max(5000) });
export type CreateFxRatesBody = z.input<typeof createFxRatesBody>;

export const listFxRatesQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  currency: currencyCode.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});

export const fxRateResponse = z.object({
  date: z.string(),
  base: z.string(),
  quote: z.string(),
  rate: z.number(),
  source: z.enum(FX_RATE_SOURCES),
  createdAt: instant,
});
export type FxRateResponse = Wire<typeof fxRateResponse>;

export const fxRateListResponse = z.object({
  items: z.array(fxRateResponse),
  /** The organization's reporting currency and the currencies its data uses with no recent rate into it. */
  reportingCurrency: z.string(),
  /**
   * A currency is missing when some of its expenses have no rate at their date (`since`: the first
   * month with one, `charges`: how many) or a live application in it has no rate today (`since`
   * null when only applications lack one).
   */
  missing: z.array(z.object({ currency: z.string(), since: z.string().nullable(), charges: z.number() })),
});

/** One rate to remove: its day and pair exactly as stored. */
export const deleteFxRateQuery = z.object({ date: calendarDate, base: currencyCode, quote: currencyCode });

export const fxImportResponse = z.object({
  imported: z.number(),
  skipped: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** A total converted into one currency, with what could not be converted shown, never guessed. */
export const convertedTotal = z.object({
  currency: z.string(),
  amountMinor: z.number(),
  /** Amounts with no rate, in their own currencies. */
  unconverted: z.array(z.object({ currency: z.string(), amountMinor: z.number(), count: z.number() })),
});
export type ConvertedTotal = Wire<typeof convertedTotal>;

/** Monthly and annual spend converted into the organization's currency at today's rates. */
export const convertedSpend = z.object({ monthly: convertedTotal, annual: convertedTotal });
export type ConvertedSpend = Wire<typeof convertedSpend>;

import { z } from 'zod';

/**
 * An instant: a Date on the server, an ISO string on the wire. The response serializer encodes
 * (Date → string), so handlers return Dates and clients see strings (`z.input` is the wire type).
 */
export const instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/** A calendar date (YYYY-MM-DD), as stored in `date` columns. */
export const calendarDate = z.iso.date();

/** Wire shape of a response schema: what the client receives. */
export type Wire<T extends z.ZodType> = z.input<T>;

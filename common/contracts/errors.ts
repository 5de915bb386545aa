import { z } from 'zod';

/** Every error response: a human message and a machine code (plus extra fields for some codes). */
export const errorResponse = z.object({ message: z.string(), code: z.string() }).catchall(z.unknown());
export type ErrorResponse = z.infer<typeof errorResponse>;

import { z } from 'zod';
import { emailSchema } from './auth';
import { COMPANY_SIZES } from './organizations';

// The public /support and /request-demo forms; the server validates with these, the forms reuse them.

export const CONTACT_KINDS = ['support', 'demo'] as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const contactRequestBody = z.object({
  kind: z.enum(CONTACT_KINDS),
  name: z.string().trim().min(1, 'Please enter your name').max(120, 'At most 120 characters'),
  email: emailSchema,
  company: optionalText(160),
  companySize: z.enum(COMPANY_SIZES, { message: 'Choose a company size' }).optional(),
  message: optionalText(5000),
});
export type ContactRequestBody = z.input<typeof contactRequestBody>;

export const contactRequestResponse = z.object({ id: z.string() });

import { z } from 'zod';
import { ONBOARDING_PHASES } from '../onboarding';
import { instant, type Wire } from './wire';

// Request and response shapes of the account endpoints; the web forms reuse them.

export const emailSchema = z
  .string()
  .trim()
  // abort: a blank address gets one message, not also 'valid email'.
  .min(1, { message: 'Please enter an email address', abort: true })
  .max(254, 'Email address is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

const nameSchema = z.string().trim().min(1, 'Required').max(100, 'At most 100 characters');

export const registerBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'Please enter your password')
    .max(128, 'Password must be at most 128 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: emailSchema });

export const resetPasswordBody = z.object({
  token: z.string().min(10, 'Invalid token').max(200, 'Invalid token'),
  password: passwordSchema,
});

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(128),
  newPassword: passwordSchema,
});

export const updateProfileBody = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  jobTitle: z.string().trim().max(100).nullable().optional(),
});

export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  onboardingPhase: z.enum(ONBOARDING_PHASES),
  createdAt: instant,
});
export type User = Wire<typeof userResponse>;

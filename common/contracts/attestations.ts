import { z } from 'zod';
import { instant, type Wire } from './wire';

// "Still need it?" e-mails: each seat holder gets a keep and a release link (single use, 14 days).

export const ATTESTATION_TTL_DAYS = 14;
export const ATTESTATION_ANSWERS = ['keep', 'release'] as const;
export type AttestationAnswer = (typeof ATTESTATION_ANSWERS)[number];
/** What the public thank-you page is told (/attest/done?result=…); closed = the seat was already given back. */
export const ATTESTATION_RESULTS = ['kept', 'released', 'closed', 'expired', 'used', 'invalid'] as const;
export type AttestationResult = (typeof ATTESTATION_RESULTS)[number];

export const sendAttestationBody = z.object({
  subscriptionId: z.uuid(),
  /** Only this tier; all of the application's tiers when omitted. */
  poolId: z.uuid().optional(),
});

export const sendAttestationResponse = z.object({
  sent: z.number(),
  expiresAt: instant,
  recipients: z.array(z.object({ personId: z.string(), email: z.string(), name: z.string() })),
});
export type SendAttestationResult = Wire<typeof sendAttestationResponse>;

export const attestationListQuery = z.object({ subscriptionId: z.uuid() });

export const attestationView = z.object({
  id: z.string(),
  assignmentId: z.string(),
  personId: z.string(),
  personName: z.string(),
  email: z.string(),
  tierName: z.string(),
  sentAt: instant,
  expiresAt: instant,
  answeredAt: instant.nullable(),
  answer: z.enum(ATTESTATION_ANSWERS).nullable(),
  status: z.enum(['pending', 'kept', 'released', 'expired']),
});
export type AttestationView = Wire<typeof attestationView>;

/** Lenient on purpose: a mangled link lands on the thank-you page as "invalid", not on a JSON error. */
export const respondQuery = z.object({
  token: z.string().max(500).default(''),
  answer: z.string().max(20).default(''),
});

export function isAttestationAnswer(value: string): value is AttestationAnswer {
  return (ATTESTATION_ANSWERS as readonly string[]).includes(value);
}

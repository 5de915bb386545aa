import { z } from 'zod';
import { INVITABLE_ROLES, ROLES } from '../roles';
import { emailSchema } from './auth';
import { instant, type Wire } from './wire';

// Members, invitations and organization switching; the team screens reuse these schemas.

const optionalName = z.string().trim().max(100, 'At most 100 characters');

/** POST /api/organization/invitations (spec §3: email, firstName, lastName, role). */
export const inviteBody = z.object({
  email: emailSchema,
  firstName: optionalName.optional().default(''),
  lastName: optionalName.optional().default(''),
  role: z.enum(INVITABLE_ROLES).default('member'),
});
export type InviteBody = z.input<typeof inviteBody>;

/** The invite form's fields (spec §5); the role is chosen outside the top-bar form. */
export const inviteFormSchema = z.object({
  email: emailSchema,
  firstName: optionalName,
  lastName: optionalName,
});
export type InviteFormValues = z.infer<typeof inviteFormSchema>;

export const INVITATION_STATUSES = ['pending', 'expired'] as const;

export const invitationResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  expiresAt: instant,
  createdAt: instant,
});
export type Invitation = Wire<typeof invitationResponse>;

/**
 * An invitation just created or resent. Without e-mail configured on the server (no SMTP_URL) the
 * mail only reaches the server log, so the owner or admin who sent it gets the link to pass on.
 */
export const invitationSentResponse = invitationResponse.extend({
  emailConfigured: z.boolean(),
  /** The accept link (`/invite/accept?token=…`) when e-mail is not configured, else null. */
  inviteUrl: z.string().nullable(),
});
export type SentInvitation = Wire<typeof invitationSentResponse>;

export const invitationIdParams = z.object({ id: z.uuid('Invalid invitation id') });
export const invitationTokenParams = z.object({ token: z.string().min(10).max(200) });

/** What the accept page shows before the invitee decides (public: the token is the secret). */
export const invitationPreview = z.object({
  organizationName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expiresAt: instant,
  /** Whether an account exists for the invited address: sign in instead of registering. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = Wire<typeof invitationPreview>;

export const acceptInvitationBody = z.object({ token: z.string().min(10).max(200) });
export const acceptInvitationResponse = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  role: z.enum(ROLES),
});
export type AcceptInvitationResult = Wire<typeof acceptInvitationResponse>;

export const memberResponse = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  joinedAt: instant,
  lastActiveAt: instant.nullable(),
});
export type Member = Wire<typeof memberResponse>;

export const memberParams = z.object({ userId: z.uuid('Invalid user id') });
export const updateMemberBody = z.object({ role: z.enum(ROLES) });
export const transferOwnershipBody = z.object({ userId: z.uuid('Invalid user id') });
export const switchOrganizationBody = z.object({ organizationId: z.uuid('Invalid organization id') });

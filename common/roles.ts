// Roles and the one policy map (`can(role, action)`); the server enforces it and the UI mirrors it.

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an invitation can grant; owners are made by promotion or ownership transfer. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
};

export const ACTIONS = [
  /** See the organization's data (applications, licenses, expenses, renewals…). */
  'data.read',
  /** Create and edit applications, licenses, expenses, renewals. */
  'data.write',
  /** Rename the organization, change its currency or fiscal year. */
  'organization.update',
  /** Manage settings lists, integrations, invoice forwarding. */
  'settings.manage',
  /** See who belongs to the organization and who is invited. */
  'team.view',
  /** Invite, resend, revoke, change roles (below owner), remove members. */
  'team.manage',
  /** Plans, checkout, payment methods, auto-renew. */
  'billing.manage',
  'organization.delete',
  /** Make someone an owner, change or remove an owner, transfer ownership. */
  'ownership.transfer',
] as const;
export type Action = (typeof ACTIONS)[number];

const POLICY: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  admin: ['data.read', 'data.write', 'organization.update', 'settings.manage', 'team.view', 'team.manage'],
  member: ['data.read', 'data.write', 'team.view'],
  viewer: ['data.read', 'team.view'],
};

export function can(role: Role, action: Action): boolean {
  return POLICY[role].includes(action);
}

/** The roles allowed to do an action, e.g. for "Only owners and admins can…". */
export function rolesAllowed(action: Action): Role[] {
  return ROLES.filter((role) => can(role, action));
}

function joinRoles(roles: Role[]): string {
  const plural = roles.map((r) => `${r}s`);
  return plural.length <= 1
    ? (plural[0] ?? 'nobody')
    : `${plural.slice(0, -1).join(', ')} and ${plural.at(-1)}`;
}

/** Why a control is disabled, for tooltips in the UI (null when the role may act). */
export function deniedReason(role: Role, action: Action): string | null {
  if (can(role, action)) return null;
  if (role === 'viewer') return 'Viewers have read-only access.';
  return `Only ${joinRoles(rolesAllowed(action))} can do this.`;
}

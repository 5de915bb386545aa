// Roles and the one policy map (`can(role, action)`); the server enforces it and the UI mirrors it.

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  'data.read',
  'data.write',
  'organization.update',
  'settings.manage',
  'team.manage',
  'billing.manage',
  'organization.delete',
  'ownership.transfer',
] as const;
export type Action = (typeof ACTIONS)[number];

const POLICY: Record<Role, readonly Action[]> = {
  owner: ACTIONS,
  admin: ['data.read', 'data.write', 'organization.update', 'settings.manage', 'team.manage'],
  member: ['data.read', 'data.write'],
  viewer: ['data.read'],
};

export function can(role: Role, action: Action): boolean {
  return POLICY[role].includes(action);
}

/** Why a control is disabled, for tooltips in the UI. */
export function deniedReason(role: Role, action: Action): string | null {
  if (can(role, action)) return null;
  return role === 'viewer' ? 'Viewers have read-only access.' : `Your role (${role}) cannot do this.`;
}

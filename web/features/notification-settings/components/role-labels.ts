import { ROLES, type Role } from '@common/roles';

const LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', viewer: 'Viewer' };

/** Role names for the e-mail recipients' checkboxes. */
export const EMAIL_ROLE_OPTIONS = ROLES.map((role) => ({ role, label: LABELS[role] }));

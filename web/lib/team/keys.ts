export const teamKeys = {
  all: ['team'] as const,
  members: () => ['team', 'members'] as const,
  invitations: () => ['team', 'invitations'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

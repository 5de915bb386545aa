// The organizations module's public face: other modules import only from here (eslint enforces it).
export {
  applyTransition,
  claimTrialReminder,
  findOrganizationByStripeCustomer,
  findOrganizationByIcalToken,
  findOrganizationByInboundToken,
  getInboundEmailToken,
  setInboundEmailToken,
  getIcalToken,
  setIcalToken,
  listOrganizationIds,
  startTrialOnce,
  findMembership,
  findOrganization,
  insertMembership,
  insertOrganization,
  listUserOrganizations,
  lockOrganization,
  updateOrganization,
} from './organizations.repo';
export {
  consumeResetToken,
  deleteSession,
  deleteUserSessions,
  extendSession,
  findCredentialCreator,
  findLiveSession,
  findUserByEmail,
  findUserById,
  insertResetToken,
  insertUser,
  setSessionOrganization,
  touchUserActivity,
  updateUser,
} from './identity.repo';
export {
  consumeInvitation,
  countPendingInvitations,
  findInvitation,
  findInvitationByTokenHash,
  findOpenInvitationByEmail,
  insertInvitation,
  type InvitationRow,
  isMemberByEmail,
  listOpenInvitations,
  updateInvitation,
} from './invitations.repo';
export {
  countMembers,
  deleteMember,
  findMember,
  listOrganizationMembers,
  listOwners,
  membersOf,
  updateMemberRole,
  userNames,
} from './members.repo';
export { listOrganizations, presentOrganization } from './organizations.service';
export { SESSION_TTL_MS, startSession, type ClientInfo } from './sessions';
export {
  canStartTrial,
  currentState,
  dueTransition,
  effectivePlanOf,
  isTrialActive,
  trialDaysRemaining,
  trialStartPatch,
  viewPlanOf,
} from './plan-state';
export { markSetupStep } from './setup-progress.repo';
export { organizationsKeptUpToDate } from './kept-up-to-date.repo';
export { getReportBranding, setReportBranding } from './report-branding.repo';
export { organizationsNeeds } from './needs';

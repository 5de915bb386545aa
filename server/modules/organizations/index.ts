// The organizations module's public face: other modules import only from here (eslint enforces it).
export {
  findMembership,
  findOrganization,
  insertMembership,
  insertOrganization,
  listUserOrganizations,
  lockOrganization,
  resolveCurrentMembership,
  updateOrganization,
} from './organizations.repo';
export { listOrganizations, presentOrganization } from './organizations.service';
export {
  canStartTrial,
  currentState,
  dueTransition,
  effectivePlanOf,
  isTrialActive,
  trialDaysRemaining,
  trialStartPatch,
} from './plan-state';
export { markSetupStep } from './setup-progress';

// The licenses module's public face: other modules import only from here (eslint enforces it).
export {
  closeAssignments,
  findOpenSeat,
  markSeatKept,
  openLicensesOfPeople,
  recordSeatActivity,
  recordSeatAssignments,
  seatHoldersOf,
  seatsOf,
} from './assignments.repo';
export type { OpenLicenseRow } from './assignments.repo';
export {
  findLiveSubscription,
  findPool,
  licensePoolExists,
  licensePoolsOf,
  listPools,
  seatCounts,
} from './licenses.repo';
export { licensePoolsOfAllOrganizations } from './pools-of-all-organizations.repo';
export { activeUsersOf, activeWindowOf, applicationActivity, seatActiveSince } from './active-users.repo';
export type { ApplicationActivity } from './active-users.repo';
export { presentPersonLicense, pricingOf } from './present';
export { applyProviderSeats, createPool, licensesOverview } from './licenses.service';
export { assignPeople } from './assignments.service';
export { unusedSeatCost } from './unused-seats';

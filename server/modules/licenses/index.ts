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
export { findLiveSubscription, findPool, licensePoolsOf, listPools, seatCounts } from './licenses.repo';
export { activeUsersOf, activeWindowOf, applicationActivity, seatActiveSince } from './active-users';
export type { ActiveWindow, ApplicationActivity } from './active-users';
export { presentPersonLicense, pricingOf } from './present';
export { licensesOverview } from './licenses.service';
export { unusedSeatCost } from './unused-seats';
export type { UnusedSeatCost } from './unused-seats';

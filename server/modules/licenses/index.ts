// The licenses module's public face: other modules import only from here (eslint enforces it).
export {
  closeAssignments,
  findOpenSeat,
  markSeatKept,
  openLicensesOfPeople,
  recordSeatActivity,
  seatHoldersOf,
  seatsOf,
} from './assignments.repo';
export type { OpenLicenseRow } from './assignments.repo';
export { findLiveSubscription, findPool, licensePoolsOf, listPools, seatCounts } from './licenses.repo';
export { fullName, presentPersonLicense, pricingOf } from './present';
export { licensesOverview } from './licenses.service';

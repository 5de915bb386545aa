// Entities, brands and allocations (issue 19): the public face other modules import.
export { recomputeRuleAllocations } from './allocation-rules';
export { sharesFor, sharesThrough } from './shares';
export {
  assertUsableAllocation,
  defaultEntityAndBrand,
  entityAndBrandNames,
  listBrands,
  listEntities,
} from './lookup';
export { allocationSharesOf, brandsOf, departmentAllocationsOf, entitiesOf } from './joinable';
export {
  allocatedBasisPoints,
  allocationWeighted,
  allocatedThrough,
  allocationLabels,
  allocatedTo,
  allocateImportedRows,
  entityOrBrandName,
  expenseAllocatedBasisPoints,
  expenseAllocatedTo,
  hasAllocationFilter,
} from './allocation-filter';
export type { AllocationLabels } from './allocation-filter';
export { listRevenue, upsertRevenue, type RevenueRow } from './brand-revenue';
export { convertedRevenue } from './revenue-conversion';
export { logoHeaders, logoType, readLogoUpload } from './brand-logo';
export { entitiesNeeds } from './needs';

// Entities, brands and allocations (issue 19): the public face other modules import.
export { recomputeRuleAllocations } from './allocation-rules';
export { sharesFor, sharesThrough } from './shares';
export {
  assertUsableAllocation,
  defaultEntityAndBrand,
  entityAndBrandNames,
  listBrands,
  listEntities,
} from './lookup.repo';
export { allocationSharesOf, brandsOf, departmentAllocationsOf, entitiesOf } from './joinable.repo';
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
} from './allocation-filter.repo';
export type { AllocationLabels } from './allocation-filter.repo';
export { listRevenue, upsertRevenue, type RevenueRow } from './brand-revenue.repo';
export { convertedRevenue } from './revenue-conversion.repo';
export { logoHeaders, logoType, readLogoUpload } from './brand-logo';
export { entitiesNeeds } from './needs';
export { insertDefaultEntityAndBrand } from './entities.repo';

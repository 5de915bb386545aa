// Entities, brands and allocations (issue 19): the public face other modules import.
export { recomputeRuleAllocations } from './allocation-rules';
export { allocationSummaries, sharesFor, sharesThrough } from './allocations.repo';
export type { NamedShare, Share } from './allocations.repo';
export { defaultEntityAndBrand } from './entities.repo';
export { assertUsableAllocation, entityAndBrandNames, listBrands, listEntities } from './lookup';
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
export type { AllocationLabels, NamedAllocation } from './allocation-filter';
export { convertedRevenue, listRevenue, upsertRevenue } from './brand-revenue.repo';
export type { RevenueRow } from './brand-revenue.repo';
export { logoHeaders, logoType, readLogoUpload } from './brand-logo';
export { entitiesNeeds, type EntitiesNeeds, type EntityUse } from './needs';

// Entities, brands and allocations (issue 19): the public face other modules import.
export {
  allocatedBasisPoints,
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

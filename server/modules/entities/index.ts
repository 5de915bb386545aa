// Entities, brands and allocations (issue 19): the public face other modules import.
export {
  allocatedBasisPoints,
  allocatedThrough,
  allocationLabels,
  allocatedTo,
  entityOrBrandName,
  expenseAllocatedBasisPoints,
  expenseAllocatedTo,
  hasAllocationFilter,
} from './allocation-filter';
export type { AllocationLabels } from './allocation-filter';

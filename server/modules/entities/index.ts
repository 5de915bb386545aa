// Entities, brands and allocations (issue 19): the public face other modules import.
export {
  allocatedBasisPoints,
  allocatedThrough,
  allocatedTo,
  entityOrBrandName,
  expenseAllocatedBasisPoints,
  expenseAllocatedTo,
  hasAllocationFilter,
} from './allocation-filter';

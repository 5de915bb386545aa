// Entities and brands (issue 19): what other features use.
export { AllocationFilterSelect } from './components/lazy-allocation-filter-select';
export { useAllocationFilter } from './components/use-allocation-filter';
export {
  allocationOptionsQuery,
  useAllocationOptions,
  type AllocationOptions,
} from './api/get-allocation-options';

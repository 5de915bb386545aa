// The entities feature's public face: other features import only from here (eslint enforces it).
export { entityKeys } from './api/keys';
export { AllocationCard, AllocationEditor } from './components/allocation-editor';
export { AllocationFilterSelect } from './components/lazy-allocation-filter-select';
export { useAllocationFilter } from './components/use-allocation-filter';
export {
  allocationOptionsQuery,
  useAllocationOptions,
  type AllocationOptions,
} from './api/get-allocation-options';

// Entities and brands (issue 19): what other features use.
import { lazy } from 'react';

export { AllocationFilterSelect } from './components/allocation-filter-select';
/** The select loaded on first render, for screens whose first paint must stay small (the dashboard). */
export const LazyAllocationFilterSelect = lazy(() => import('./components/allocation-filter-select'));
export { allocationSearch, useAllocationFilter } from './components/use-allocation-filter';
export {
  allocationOptionsQuery,
  useAllocationOptions,
  type AllocationOptions,
} from './api/get-allocation-options';

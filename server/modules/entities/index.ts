// Entities, brands and allocations (issue 19): the public face other modules import.
export { allocationSharesOf, brandsOf, departmentAllocationsOf, entitiesOf } from './joinable';

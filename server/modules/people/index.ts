// The people module's public face: other modules import only from here (eslint enforces it).
export { readImportFile, resolveMapping } from './people-import.service';
export {
  allPeople,
  countPeopleByAllocation,
  findPeopleByIds,
  movePeopleAllocation,
  peopleOf,
  type PersonRow,
} from './people.repo';
export { activePeopleBy, activePeopleIn, peopleWithAllocation } from './people-allocation.repo';
export { offboardPerson } from './offboarding.service';
export { reactivatePerson } from './people.service';
export {
  insertProvisionedPeople,
  insertProvisionedPerson,
  type ProvisionedFields,
  updateProvisionedPeople,
  updateProvisionedPerson,
} from './provisioning';

// The people module's public face: other modules import only from here (eslint enforces it).
export { readImportFile, resolveMapping } from './people-import.service';
export { allPeople, countPeopleByAllocation, movePeopleAllocation, peopleOf } from './people.repo';

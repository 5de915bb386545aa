// Both screens in one chunk: the router's entry then names one file (and one list of what it needs)
// for the entities and brands pages, which keeps the first paint within its budget.
export { BrandsPage } from './brands-page';
export { EntitiesPage } from './entities-page';

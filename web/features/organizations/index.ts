// The organizations feature's public face: other features import only from here (eslint enforces it).
export { OrganizationSwitcher } from './components/organization-switcher';

// The people feature's public face: the app layer imports only from here (eslint enforces it).
export { UsersPage } from './components/users-page';

// The team feature's public face: other features import only from here (eslint enforces it).
export { InviteDialog } from './components/invite-dialog';
export { TeamPage } from './components/team-page';

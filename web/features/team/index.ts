// The team feature's public face: other features import only from here (eslint enforces it).
export { useMembers } from './api/get-members';
export { InviteDialog } from './components/invite-dialog';
export { ReasonTooltip } from './components/reason-tooltip';
export { TeamPage } from './components/team-page';

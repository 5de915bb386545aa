// The auth module's public face: other modules import only from here (eslint enforces it).
export {
  extendSession,
  findLiveSession,
  findUserByEmail,
  findUserById,
  setSessionOrganization,
  touchUserActivity,
  updateUser,
} from './auth.repo';

// The auth feature's public face: other features import only from here (eslint enforces it).
export { useChangePassword } from './api/change-password';
export { currentUserQuery, useCurrentUser } from './api/get-user';
export { authKeys } from './api/keys';
export { useLogin } from './api/login';
export { useLogout } from './api/logout';
export { useRegister } from './api/register';
export { useUpdateProfile } from './api/update-profile';
export { AuthHeading } from './components/auth-heading';

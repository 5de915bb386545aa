// The auth feature's public face: other features import only from here (eslint enforces it).
export { useChangePassword } from './api/change-password';
export { useLogin } from './api/login';
export { useRegister } from './api/register';
export { useUpdateProfile } from './api/update-profile';
export { AuthHeading } from './components/auth-heading';

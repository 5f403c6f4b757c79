/**
 * The auth feature's public face: its API (the header's logout, the password change) and the form
 * fields and code countdown the account's dialogs share with the sign-in screens.
 */
export { authApi } from './api';
export { CodeField, EmailField, LoginPasswordField, MobileField, NewPasswordFields } from './fields';
export { useCountdown } from './useCountdown';

/** The account feature's public face: the password change of the account menu. */
export { ChangePasswordModal } from './ChangePasswordModal';

import {
  type ChangePasswordRequest,
  authEndpoints as E,
  type LoginRequest,
  type RegisterRequest,
  type ResetPasswordRequest,
  type SendCodeRequest,
} from '@netloom/domain';
import { call } from '../../api/client';

/** Auth calls: the sign-in screens, the password change and the logout. Bodies are the domain request types, already parsed. */
export const authApi = {
  sendCode: (body: SendCodeRequest) => call(E.sendCode, { body }),
  login: (body: LoginRequest) => call(E.login, { body }),
  /** Creates the account; does not sign in. */
  register: (body: RegisterRequest) => call(E.register, { body }),
  resetPassword: (body: ResetPasswordRequest) => call(E.resetPassword, { body }),
  /** Every other session of the account ends (they get 70); this one continues. */
  changePassword: (body: ChangePasswordRequest) => call(E.changePassword, { body }),
  /** Ends this session; "not signed in" is no interruption here. */
  logout: () => call(E.logout, {}, { noSignOut: true }),
};

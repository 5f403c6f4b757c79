import { DEFAULT_COUNTRY_CODE, resetPasswordRequestSchema } from '@netloom/domain';
import { Link, useNavigate } from 'react-router';
import { parseRequest } from '../../components/parseRequest';
import { PAGES } from '../../navigation/paths';
import { authApi } from './api';
import { CodePasswordForm } from './CodePasswordForm';
import type { AuthNotice } from './LoginPage';
import { requestTarget } from './RegisterPage';
import { formatLastAccount } from './useSignedIn';

/** Forgot password: prove the e-mail or mobile number with a code, then choose a new password. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  return (
    <div className="nl-auth-card">
      <h2 className="nl-auth-title">Reset your password</h2>
      <p className="nl-auth-subtitle">
        Enter the e-mail or mobile number of your account. We send a code to confirm it is you.
      </p>
      <CodePasswordForm
        purpose="reset"
        submitLabel="Reset password"
        passwordLabel="New password"
        onSubmit={async (channel, values, form) => {
          const body = parseRequest(form, resetPasswordRequestSchema, {
            ...requestTarget(channel, values),
            code: values.code ?? '',
            password: values.password ?? '',
            confirmPassword: values.confirmPassword ?? '',
          });
          if (!body) return;
          await authApi.resetPassword(body);
          const state: AuthNotice = {
            notice: 'Your password was reset. Sign in with the new password.',
            account:
              body.method === 'email'
                ? formatLastAccount({ email: body.email })
                : formatLastAccount({
                    countryCode: body.countryCode ?? DEFAULT_COUNTRY_CODE,
                    mobile: body.mobile,
                  }),
          };
          navigate(PAGES.login, { state });
        }}
      />
      <p className="nl-auth-switch">
        Remembered it? <Link to={PAGES.login}>Back to sign in</Link>
      </p>
    </div>
  );
}

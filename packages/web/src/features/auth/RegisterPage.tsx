import { DEFAULT_COUNTRY_CODE, registerRequestSchema } from '@netloom/domain';
import { Link, useNavigate } from 'react-router';
import { parseRequest } from '../../components/parseRequest';
import { PAGES } from '../../navigation/paths';
import { authApi } from './api';
import { CodePasswordForm, type CodePasswordValues } from './CodePasswordForm';
import type { Channel } from './fields';
import type { AuthNotice } from './LoginPage';
import { formatLastAccount } from './useSignedIn';

export function requestTarget(channel: Channel, v: CodePasswordValues) {
  return channel === 'email'
    ? { method: 'email' as const, email: v.email ?? '' }
    : {
        method: 'mobile' as const,
        countryCode: v.countryCode ?? DEFAULT_COUNTRY_CODE,
        mobile: v.mobile ?? '',
      };
}

/** Register with e-mail (6-digit code) or mobile number (4-digit SMS code), §1 and issue 2 §4. */
export default function RegisterPage() {
  const navigate = useNavigate();

  return (
    <div className="nl-auth-card">
      <h2 className="nl-auth-title">Create your account</h2>
      <p className="nl-auth-subtitle">We send a code to your e-mail or phone to confirm it is yours.</p>
      <CodePasswordForm
        purpose="register"
        submitLabel="Create account"
        onSubmit={async (channel, values, form) => {
          const body = parseRequest(form, registerRequestSchema, {
            ...requestTarget(channel, values),
            code: values.code ?? '',
            password: values.password ?? '',
            confirmPassword: values.confirmPassword ?? '',
          });
          if (!body) return;
          // Registering does not sign in (server contract): the sign-in page opens prefilled.
          await authApi.register(body);
          const last =
            body.method === 'email'
              ? formatLastAccount({ email: body.email })
              : formatLastAccount({
                  countryCode: body.countryCode ?? DEFAULT_COUNTRY_CODE,
                  mobile: body.mobile,
                });
          const state: AuthNotice = { notice: 'Your account is ready. Sign in to continue.', account: last };
          navigate(PAGES.login, { state });
        }}
      />
      <p className="nl-auth-switch">
        Already have an account? <Link to={PAGES.login}>Sign in</Link>
      </p>
    </div>
  );
}

import { DEFAULT_COUNTRY_CODE, loginRequestSchema } from '@netloom/domain';
import { Alert, Button, Checkbox, Flex, Form, Segmented } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError, resetSessionEnded } from '../../api/client';
import { useErrorMessage } from '../../api/errorMessages';
import { storage } from '../../browser/storage';
import { parseRequest } from '../../components/parseRequest';
import { applyServerIssues } from '../../components/zodRule';
import { PAGES } from '../../navigation/paths';
import { authApi } from './api';
import { BrowserNotice } from './BrowserNotice';
import { ChannelTabs, LOGIN_TABS, type LoginTab } from './ChannelTabs';
import { type Channel, CodeField, EmailField, LoginPasswordField, MobileField } from './fields';
import { formatLastAccount, parseLastAccount, requestedAccess, useSignedIn } from './useSignedIn';

// The demo panel pulls in the console's landing logic: loaded only when the Demo tab is opened, so the
// sign-in route stays light.
const DemoPanel = lazy(() => import('../demo').then((m) => ({ default: m.DemoPanel })));
// The "App scan" tab (a QR code drawn by the server): its own chunk, loaded when the tab is opened.
const ScanLoginPanel = lazy(() => import('../scanLogin').then((m) => ({ default: m.ScanLoginPanel })));
// Social sign-in: buttons that navigate to the server (which runs the OpenID client), loaded with the tab.
const SocialPanel = lazy(() => import('../social').then((m) => ({ default: m.SocialPanel })));

/** "Remember me" keeps the session cookie for 30 days; otherwise it ends with the browser (§9). */
const REMEMBER_SECONDS = 30 * 24 * 3600;

type MobileMethod = 'password' | 'sms';

interface LoginValues {
  email?: string;
  countryCode?: string;
  mobile?: string;
  password?: string;
  code?: string;
  remember?: boolean;
}

export interface AuthNotice {
  /** A success note carried from register / forgot-password to the sign-in page. */
  notice?: string;
  /** The account just registered or reset, to prefill (same format as the remembered account). */
  account?: string;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = (location.state ?? {}) as AuthNotice;
  const last = parseLastAccount(state.account ?? storage.getLastAccount());
  // `?tab=demo` (the "Live demo" entry) opens the Demo tab directly.
  const [tab, setTab] = useState<LoginTab>(
    params.get('tab') === 'demo' || params.get('tab') === 'social'
      ? (params.get('tab') as LoginTab)
      : last && 'mobile' in last
        ? 'mobile'
        : 'email',
  );
  const channel: Channel = tab === 'mobile' ? 'mobile' : 'email';
  const [mobileMethod, setMobileMethod] = useState<MobileMethod>('password');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<LoginValues>();
  const signedIn = useSignedIn();
  // `?access=openapi` (or `app`): the embedded console apps open — fewer pages, a bearer token kept
  // in this tab's session storage instead of the cookie (§1, §2, §6).
  const access = requestedAccess(params);

  // Reaching the sign-in page re-arms the client's "session ended" flow for the next session.
  useEffect(() => resetSessionEnded(), []);

  const reason = Number(params.get('reason'));
  const reasonText = useErrorMessage(Number.isInteger(reason) && reason > 0 ? reason : null);

  const handleTab = (next: LoginTab) => {
    setTab(next);
    setError(null);
  };

  const handleFinish = async (values: LoginValues) => {
    setError(null);
    const method = channel === 'email' ? 'email' : mobileMethod === 'sms' ? 'sms' : 'mobile';
    const rememberSeconds = values.remember ? REMEMBER_SECONDS : 0;
    const body = parseRequest(form, loginRequestSchema, {
      method,
      client: access,
      rememberSeconds,
      ...(channel === 'email'
        ? { email: values.email ?? '', password: values.password ?? '' }
        : {
            countryCode: values.countryCode ?? '',
            mobile: values.mobile ?? '',
            ...(method === 'sms' ? { code: values.code ?? '' } : { password: values.password ?? '' }),
          }),
    });
    if (!body) return;
    setSubmitting(true);
    try {
      const res = await authApi.login(body);
      const lastAccount =
        body.method === 'email'
          ? formatLastAccount({ email: body.email })
          : formatLastAccount({ countryCode: body.countryCode ?? '', mobile: body.mobile });
      await signedIn(res, lastAccount);
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(2000);
      if (!applyServerIssues(form, err)) setError(err.message);
      setSubmitting(false);
    }
  };

  const initialValues: LoginValues = {
    remember: true,
    countryCode: DEFAULT_COUNTRY_CODE,
    ...(last && 'email' in last ? { email: last.email } : {}),
    ...(last && 'mobile' in last ? { countryCode: last.countryCode, mobile: last.mobile } : {}),
  };

  const emailFields = (
    <>
      <EmailField autoFocus={!last} />
      <LoginPasswordField />
    </>
  );
  const mobileFields = (
    <>
      <Form.Item label="Sign in with" className="nl-login-method">
        <Segmented<MobileMethod>
          block
          value={mobileMethod}
          onChange={(v) => {
            setMobileMethod(v);
            setError(null);
          }}
          options={[
            { label: 'Password', value: 'password' },
            { label: 'SMS code', value: 'sms' },
          ]}
        />
      </Form.Item>
      <MobileField />
      {mobileMethod === 'sms' ? <CodeField channel="mobile" purpose="login" /> : <LoginPasswordField />}
    </>
  );

  return (
    <div className="nl-auth-card">
      <h2 className="nl-auth-title">Sign in</h2>
      <p className="nl-auth-subtitle">Welcome back. Sign in to manage your projects and devices.</p>

      <BrowserNotice />
      {reasonText ? <Alert type="warning" showIcon title={reasonText} className="nl-auth-alert" /> : null}
      {state.notice ? <Alert type="success" showIcon title={state.notice} className="nl-auth-alert" /> : null}
      {access === 'web' ? null : (
        <Alert
          type="info"
          showIcon
          title="Embedded console"
          description="You sign in for this browser tab only, and see the pages available to apps."
          className="nl-auth-alert"
          data-testid="embedded-access-notice"
        />
      )}

      <ChannelTabs value={tab} onChange={handleTab} idPrefix="login" tabs={LOGIN_TABS} />
      {tab === 'social' ? (
        <Suspense fallback={null}>
          <SocialPanel idPrefix="login" />
        </Suspense>
      ) : tab === 'demo' ? (
        <Suspense fallback={null}>
          <DemoPanel idPrefix="login" />
        </Suspense>
      ) : tab === 'scan' ? (
        <Suspense fallback={null}>
          <ScanLoginPanel idPrefix="login" />
        </Suspense>
      ) : (
        <Form<LoginValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
          onFinish={handleFinish}
          onValuesChange={() => setError(null)}
          id="login-panel"
          role="tabpanel"
          aria-labelledby={`login-tab-${channel}`}
        >
          {channel === 'email' ? emailFields : mobileFields}
          {error ? (
            <Alert type="error" showIcon title={error} className="nl-auth-alert" role="alert" />
          ) : null}
          <Flex justify="space-between" align="center" className="nl-auth-row">
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>Remember me for 30 days</Checkbox>
            </Form.Item>
            <Link to={PAGES.forgotPassword}>Forgot password?</Link>
          </Flex>
          <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
            Sign in
          </Button>
        </Form>
      )}
      <p className="nl-auth-switch">
        New to Netloom? <Link to={PAGES.register}>Create an account</Link>
        {tab === 'demo' ? null : (
          <>
            {' · '}
            <Button type="link" className="nl-demo-entry" onClick={() => handleTab('demo')}>
              Live demo
            </Button>
          </>
        )}
      </p>
    </div>
  );
}

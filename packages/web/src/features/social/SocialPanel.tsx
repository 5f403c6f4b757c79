import { LoginOutlined } from '@ant-design/icons';
import { SOCIAL_BIND_STEP, SOCIAL_QUERY, SOCIAL_REMEMBER_SECONDS } from '@netloom/domain';
import { Alert, Button, Checkbox, Flex, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { socialApi, useSocialProviders } from './api';
import { SocialBindPanel } from './SocialBindPanel';
import './social.css';

/**
 * The sign-in screen's Social tab (§2 "WeChat-style login"): one button per OpenID provider the
 * operator configured. A button is a plain navigation to the server, which runs the OpenID client
 * (code + PKCE, state, nonce) and sends the browser to the provider: nothing of it is in the page.
 */
export function SocialPanel({ idPrefix }: { idPrefix: string }) {
  const [params] = useSearchParams();
  const binding = params.get(SOCIAL_QUERY.step) === SOCIAL_BIND_STEP;
  return (
    <div id={`${idPrefix}-panel`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-social`}>
      {binding ? <SocialBindPanel /> : <ProviderButtons />}
    </div>
  );
}

function ProviderButtons() {
  const providers = useSocialProviders();
  const [remember, setRemember] = useState(true);
  const list = providers.data?.providers ?? [];

  let body: ReactNode;
  if (providers.isPending) body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  else if (providers.isError)
    body = <Alert type="error" showIcon title={providers.error.message} className="nl-auth-alert" />;
  else if (list.length === 0)
    body = (
      <Alert
        type="info"
        showIcon
        title="Social sign-in is not set up"
        description="This console has no sign-in provider configured. Sign in with your e-mail or mobile number instead."
        className="nl-auth-alert"
        data-testid="social-none"
      />
    );
  else
    body = (
      <>
        <p className="nl-auth-subtitle">
          Continue with an account you already have. The first time, you link it to your Netloom account.
        </p>
        <Flex vertical gap={12}>
          {list.map((p) => (
            <Button
              key={p.id}
              href={socialApi.startHref(p.id, remember ? SOCIAL_REMEMBER_SECONDS : 0)}
              icon={<LoginOutlined aria-hidden />}
              size="large"
              block
            >
              Continue with {p.label}
            </Button>
          ))}
        </Flex>
        <Checkbox
          checked={remember}
          onChange={(e) => setRemember(e.target.checked)}
          className="nl-social-remember"
        >
          Remember me for 30 days
        </Checkbox>
      </>
    );

  return body;
}

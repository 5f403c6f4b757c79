import { LinkOutlined } from '@ant-design/icons';
import {
  ERR,
  errorMessage,
  SOCIAL_LOGIN_TAB,
  SOCIAL_PAGE_PATHS,
  SOCIAL_QUERY,
  SOCIAL_REMEMBER_SECONDS,
} from '@netloom/domain';
import { Alert, Button, Checkbox, Descriptions, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PAGES } from '../../navigation/paths';
import { useSocialPending } from './api';
import { BindExistingForm } from './BindExistingForm';
import { RegisterNewForm } from './RegisterNewForm';

type Choice = 'bind' | 'register';

/** Signed in: a full load of the landing page, so the whole console starts with the new session. */
function enterConsole(): void {
  window.location.assign(SOCIAL_PAGE_PATHS.signedIn);
}

/**
 * The bind-account flow (§2): the provider signed the person in, but the identity is bound to no
 * Netloom account yet (152). Bind it to an existing account, or create one for it.
 */
export function SocialBindPanel() {
  const pending = useSocialPending();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>('bind');
  const [remember, setRemember] = useState(true);
  const rememberSeconds = remember ? SOCIAL_REMEMBER_SECONDS : 0;

  if (pending.isPending) return <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  if (pending.isError)
    return (
      <>
        <Alert type="warning" showIcon title={pending.error.message} className="nl-auth-alert" role="alert" />
        <Button
          block
          size="large"
          onClick={() => navigate(`${PAGES.login}?${SOCIAL_QUERY.tab}=${SOCIAL_LOGIN_TAB}`)}
        >
          Start again
        </Button>
      </>
    );

  const { provider, name, email } = pending.data;
  return (
    <div data-testid="social-bind">
      <h3 className="nl-social-title">
        <LinkOutlined aria-hidden /> Link your {provider.label} account
      </h3>
      <Alert
        type="info"
        showIcon
        title={errorMessage(ERR.SOCIAL_ACCOUNT_NOT_BOUND)}
        className="nl-auth-alert"
      />
      <Descriptions size="small" column={1} className="nl-social-identity">
        <Descriptions.Item label="Signed in as">{name ?? email ?? 'Unnamed account'}</Descriptions.Item>
        {email && name ? <Descriptions.Item label="E-mail">{email}</Descriptions.Item> : null}
      </Descriptions>
      <Segmented<Choice>
        block
        value={choice}
        onChange={setChoice}
        options={[
          { label: 'I have a Netloom account', value: 'bind' },
          { label: 'Create an account', value: 'register' },
        ]}
        className="nl-social-choice"
      />
      {choice === 'bind' ? (
        <BindExistingForm rememberSeconds={rememberSeconds} onDone={enterConsole} />
      ) : (
        <RegisterNewForm email={email} rememberSeconds={rememberSeconds} onDone={enterConsole} />
      )}
      <Checkbox
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
        className="nl-social-remember"
      >
        Remember me for 30 days
      </Checkbox>
    </div>
  );
}

import { ApiOutlined, CheckCircleFilled } from '@ant-design/icons';
import { ERR, errorMessage, SOCIAL_QUERY, type SocialBindings } from '@netloom/domain';
import { Alert, App, Button, Card, List, Popconfirm, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { QueryContent } from '../../components/LoadError';
import { socialApi, useSocialBindings, useUnbindSocial } from './api';
import './social.css';

/**
 * My account's "Social sign-in" card: each configured provider, bound (by whom, since when, Unbind)
 * or not (Bind, which goes through the provider and back). Unbinding the last way to sign in is
 * refused by the server (161); the card says why before anyone tries.
 */
export function SocialBindingsCard() {
  const bindings = useSocialBindings();
  const unbind = useUnbindSocial();
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const reason = Number(params.get(SOCIAL_QUERY.reason));
  const justBound = params.get(SOCIAL_QUERY.bound) !== null;

  const clearNotice = () => {
    const next = new URLSearchParams(params);
    next.delete(SOCIAL_QUERY.reason);
    next.delete(SOCIAL_QUERY.bound);
    setParams(next, { replace: true });
  };

  const handleUnbind = async (provider: string, label: string) => {
    try {
      await unbind.mutateAsync(provider);
      message.success(`${label} unbound.`);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : 'The social account could not be unbound.');
    }
  };

  return (
    <Card title="Social sign-in" className="nl-form-card nl-social-bindings" style={{ marginTop: 16 }}>
      {Number.isInteger(reason) && reason > 0 ? (
        <Alert
          type="error"
          showIcon
          closable
          onClose={clearNotice}
          title={errorMessage(reason)}
          className="nl-auth-alert"
        />
      ) : null}
      {justBound ? (
        <Alert
          type="success"
          showIcon
          closable
          onClose={clearNotice}
          title="Social account bound."
          className="nl-auth-alert"
        />
      ) : null}
      <QueryContent query={bindings} title="The social sign-in bindings could not be loaded.">
        {bindings.data ? (
          <BindingsList
            data={bindings.data}
            onUnbind={handleUnbind}
            unbinding={unbind.isPending ? unbind.variables : undefined}
          />
        ) : null}
      </QueryContent>
    </Card>
  );
}

function BindingsList({
  data,
  onUnbind,
  unbinding,
}: {
  data: SocialBindings;
  onUnbind(provider: string, label: string): void;
  /** The provider being unbound, if any. */
  unbinding: string | undefined;
}) {
  const boundCount = data.providers.filter((p) => p.binding).length;
  if (data.providers.length === 0)
    return (
      <Typography.Text type="secondary">
        No social sign-in provider is set up on this console.
      </Typography.Text>
    );
  return (
    <List
      itemLayout="horizontal"
      dataSource={data.providers}
      renderItem={(p) => {
        // The server refuses it (161); the button says so first.
        const last = p.binding !== null && !data.otherSignIn && boundCount === 1;
        return (
          <List.Item
            actions={[
              p.binding ? (
                <Popconfirm
                  key="unbind"
                  title={`Unbind ${p.label}?`}
                  description="You will no longer be able to sign in with it."
                  okText="Unbind"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => onUnbind(p.id, p.label)}
                  disabled={last}
                >
                  <Button danger disabled={last} loading={unbinding === p.id}>
                    Unbind
                  </Button>
                </Popconfirm>
              ) : (
                <Button key="bind" type="primary" ghost href={socialApi.linkHref(p.id)}>
                  Bind
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={<ApiOutlined aria-hidden className="nl-social-icon" />}
              title={
                <>
                  {p.label}{' '}
                  {p.binding ? (
                    <Tag icon={<CheckCircleFilled aria-hidden />} color="success">
                      Bound
                    </Tag>
                  ) : (
                    <Tag>Not bound</Tag>
                  )}
                </>
              }
              description={
                p.binding
                  ? `${p.binding.name ?? 'Bound'} · since ${dayjs(p.binding.boundAt).format('YYYY-MM-DD')}`
                  : `Sign in with your ${p.label} account.`
              }
            />
            {last ? (
              <Typography.Text type="secondary" className="nl-social-last">
                {errorMessage(ERR.SOCIAL_UNBIND_LAST_METHOD)} Set a password first (Forgot password).
              </Typography.Text>
            ) : null}
          </List.Item>
        );
      }}
    />
  );
}

import { ERR, errorMessage, type SessionView } from '@netloom/domain';
import { App, Button, Card, Flex, Popconfirm, Switch, Table, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { useSessionList, useSetOneSession, useSignOutOthers, useSignOutSession } from './api';
import { sessionColumns } from './columns';
import './sessions.css';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : errorMessage(ERR.SERVER_ERROR);
}

/**
 * My account's "Sessions" card (issue 14 §5): the browsers and devices signed in to the account,
 * signing any of them or all the others out, and the "one active session" option.
 */
export function SessionsCard() {
  const { message } = App.useApp();
  const list = useSessionList();
  const setOne = useSetOneSession();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const sessions = list.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  async function handleSignOut(s: SessionView) {
    try {
      await signOut.mutateAsync(s.id);
      message.success(`${s.browser} on ${s.device} was signed out.`);
    } catch (e) {
      message.error(messageOf(e));
    }
  }
  async function handleSignOutOthers() {
    try {
      const { signedOut } = await signOutOthers.mutateAsync();
      message.success(`${plural(signedOut, 'other session')} signed out.`);
    } catch (e) {
      message.error(messageOf(e));
    }
  }
  async function handleOneSession(on: boolean) {
    try {
      await setOne.mutateAsync(on);
      message.success(on ? 'One active session is on.' : 'One active session is off.');
    } catch (e) {
      message.error(messageOf(e));
    }
  }

  return (
    <Card
      title="Sessions"
      className="nl-form-card nl-sessions-card"
      style={{ marginTop: 16 }}
      extra={
        <Popconfirm
          title="Sign out all other sessions?"
          description={`${plural(others, 'other browser or device')} will need to sign in again.`}
          okText="Sign out all"
          okButtonProps={{ danger: true }}
          onConfirm={handleSignOutOthers}
          disabled={others === 0}
        >
          <Button danger disabled={others === 0} loading={signOutOthers.isPending}>
            Sign out all other sessions
          </Button>
        </Popconfirm>
      }
    >
      <Flex justify="space-between" align="center" gap={16} className="nl-session-policy">
        <Flex vertical>
          <Typography.Text strong id="nl-one-session-label">
            One active session
          </Typography.Text>
          <Typography.Text type="secondary">
            A new sign-in signs out every other browser and device; they are told your account signed in
            elsewhere.
          </Typography.Text>
        </Flex>
        <Switch
          aria-labelledby="nl-one-session-label"
          checked={list.data?.oneSession ?? false}
          loading={setOne.isPending || list.isPending}
          onChange={handleOneSession}
        />
      </Flex>
      <Table<SessionView>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={sessions}
        columns={sessionColumns(
          Date.now(),
          handleSignOut,
          signOut.isPending ? (signOut.variables ?? null) : null,
        )}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="Active sessions"
      />
    </Card>
  );
}

import { ApiOutlined, MailOutlined } from '@ant-design/icons';
import {
  NOTIFY_CHANNELS_MAX,
  type NotifyChannel,
  type NotifyChannelKind,
  type NotifyDelivery,
  type NotifyTestResult,
} from '@netloom/domain';
import { Alert, App, Button, Card, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatDateTime } from '../../components/format';
import { QueryContent } from '../../components/LoadError';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { AddChannelDrawer } from './AddChannelDrawer';
import { useNotifySettings, useRemoveChannel, useSendTest, useUpdateChannel } from './api';
import { channelColumns } from './channelColumns';
import { DeliveryState } from './DeliveryState';
import { SecretModal } from './SecretModal';
import './notifications.css';

interface TestOutcome {
  channel: NotifyChannel;
  result: NotifyTestResult;
}

function deliveryColumns(channels: readonly NotifyChannel[]): ColumnsType<NotifyDelivery> {
  const target = (id: number) => channels.find((c) => c.id === id)?.target ?? 'A removed recipient';
  return [
    {
      key: 'at',
      title: 'Time',
      width: 150,
      render: (_, d) => <span className="nl-nowrap">{formatDateTime(d.createdAt)}</span>,
    },
    {
      key: 'what',
      title: 'Message',
      render: (_, d) => (
        <div className="nl-notify-target">
          <Typography.Text className="nl-notify-target-text">{d.subject}</Typography.Text>
          <Typography.Text type="secondary" className="nl-notify-meta">
            {d.purpose === 'test' ? 'Test' : `${d.alarms} alarm${d.alarms === 1 ? '' : 's'} in one message`} ·
            to {target(d.channelId)}
          </Typography.Text>
        </div>
      ),
    },
    { key: 'state', title: 'Outcome', width: 320, render: (_, d) => <DeliveryState delivery={d} /> },
  ];
}

/**
 * The project's notifications (the "Notifications" tab of the Alarm page): who receives alarms by
 * e-mail or signed webhook and from which level, Send test with its real outcome, and the recent
 * messages with their retries and errors. Only members who manage the project see it.
 */
export function NotificationsPanel() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const { message } = App.useApp();
  const settings = useNotifySettings(project ? projectId : null);
  const update = useUpdateChannel(projectId);
  const remove = useRemoveChannel(projectId);
  const sendTest = useSendTest(projectId);
  const [adding, setAdding] = useState<NotifyChannelKind | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const blocked = changeBlockedReason(project);
  const channels = settings.data?.channels ?? [];
  const full = channels.length >= NOTIFY_CHANNELS_MAX;
  const addBlocked = blocked ?? (full ? `At most ${NOTIFY_CHANNELS_MAX} recipients per project.` : null);

  async function handleTest(channel: NotifyChannel) {
    setTesting(channel.id);
    setOutcome(null);
    try {
      setOutcome({ channel, result: await sendTest.mutateAsync(channel.id) });
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The test could not be sent.');
    } finally {
      setTesting(null);
    }
  }

  async function run(action: Promise<unknown>, done: string) {
    try {
      await action;
      message.success(done);
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The change could not be saved.');
    }
  }

  const columns = channelColumns({
    blocked,
    testing,
    onLevel: (c, minLevel) =>
      void run(update.mutateAsync({ channelId: c.id, body: { minLevel } }), 'Level saved.'),
    onTest: (c) => void handleTest(c),
    onRemove: (c) => void run(remove.mutateAsync(c.id), `${c.target} removed.`),
  });

  const addButton = (kind: NotifyChannelKind) => (
    <Tooltip title={addBlocked}>
      <Button
        icon={kind === 'email' ? <MailOutlined /> : <ApiOutlined />}
        type={kind === 'email' ? 'primary' : 'default'}
        disabled={addBlocked !== null}
        onClick={() => setAdding(kind)}
        data-testid={`notify-add-${kind}`}
      >
        {kind === 'email' ? 'Add e-mail' : 'Add webhook'}
      </Button>
    </Tooltip>
  );

  return (
    <QueryContent query={settings} title="The notification settings could not be loaded.">
      <Flex vertical gap={16}>
        <Card
          title="Recipients"
          extra={
            <Flex gap={8}>
              {addButton('email')}
              {addButton('webhook')}
            </Flex>
          }
          className="nl-table-card"
        >
          <Typography.Paragraph type="secondary" className="nl-notify-intro">
            Alarms raised or cleared within {settings.data?.batchWindowSeconds ?? 0} seconds of each other go
            out as one message per recipient, so a storm is one e-mail, not fifty. A failed message is retried
            and shown below.
          </Typography.Paragraph>
          {settings.data && !settings.data.emailDelivers ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="No SMTP server is configured on this server: e-mails are written to its log instead of sent."
            />
          ) : null}
          {outcome ? (
            <Alert
              type={outcome.result.ok ? 'success' : 'error'}
              showIcon
              closable
              onClose={() => setOutcome(null)}
              style={{ marginBottom: 12 }}
              data-testid="notify-test-result"
              title={
                outcome.result.ok
                  ? `Test delivered to ${outcome.channel.target}${outcome.result.via === 'log' ? ' (written to the server log)' : ''}.`
                  : `Test to ${outcome.channel.target} failed: ${outcome.result.error ?? 'unknown error'}`
              }
            />
          ) : null}
          <Table<NotifyChannel>
            rowKey="id"
            columns={columns}
            dataSource={channels}
            pagination={false}
            tableLayout="fixed"
            scroll={{ x: 900 }}
            onRow={() => ({ 'data-testid': 'notify-channel' }) as React.HTMLAttributes<HTMLElement>}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description="Nobody is notified yet — add an e-mail address or a webhook."
                />
              ),
            }}
          />
        </Card>
        <Card title="Recent messages" className="nl-table-card">
          <Table<NotifyDelivery>
            rowKey="id"
            columns={deliveryColumns(channels)}
            dataSource={settings.data?.deliveries ?? []}
            pagination={false}
            tableLayout="fixed"
            scroll={{ x: 900 }}
            onRow={() => ({ 'data-testid': 'notify-delivery' }) as React.HTMLAttributes<HTMLElement>}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages sent yet." />,
            }}
          />
        </Card>
      </Flex>
      {adding ? (
        <AddChannelDrawer
          projectId={projectId}
          kind={adding}
          onClose={() => setAdding(null)}
          onAdded={(created) => {
            setAdding(null);
            message.success(`${created.channel.target} added.`);
            if (created.secret) setSecret(created.secret);
          }}
        />
      ) : null}
      {secret ? <SecretModal secret={secret} onClose={() => setSecret(null)} /> : null}
    </QueryContent>
  );
}

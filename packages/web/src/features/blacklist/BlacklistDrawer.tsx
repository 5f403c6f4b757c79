/**
 * The project's client blacklist (issue 15 §4): the blocked clients, where the list stands on the
 * Wi-Fi devices, blocking one by hand and unblocking. Opened from the client list's header.
 */
import { StopOutlined } from '@ant-design/icons';
import { type BlacklistEntry, blacklistFull, ERR, errorMessage } from '@netloom/domain';
import {
  Alert,
  App,
  Badge,
  Button,
  Drawer,
  Flex,
  Popconfirm,
  Progress,
  Skeleton,
  Table,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { NONE } from '../../components/format';
import { QueryContent } from '../../components/LoadError';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { ConfigDeliveryBar } from '../config';
import { useBlacklist, useUnblockClient } from './api';
import { BlacklistForm } from './BlacklistForm';
import './blacklist.css';

const blockedAt = (at: number) =>
  at > 0 ? new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : NONE;

/** The header button of the client list: the blacklist with its number of entries. */
export function BlacklistButton({ projectId }: { projectId: number }) {
  const [open, setOpen] = useState(false);
  const list = useBlacklist(projectId);
  const count = list.data?.settings.entries.length ?? 0;
  return (
    <>
      <Badge count={count} size="small" color="#8c8c8c" overflowCount={999}>
        <Button icon={<StopOutlined />} onClick={() => setOpen(true)} data-testid="open-blacklist">
          Blacklist
        </Button>
      </Badge>
      <BlacklistDrawer projectId={projectId} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export function BlacklistDrawer({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose(): void;
}) {
  const { project } = useCurrentProject();
  const { message } = App.useApp();
  const list = useBlacklist(projectId, open);
  const unblock = useUnblockClient(projectId);
  const readOnly = changeBlockedReason(project);
  const v = list.data;
  const entries = v?.settings.entries ?? [];

  async function handleUnblock(e: BlacklistEntry) {
    try {
      await unblock.mutateAsync(e.mac);
      message.success(`${e.name || e.mac} unblocked: it may join again.`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The client could not be unblocked.');
    }
  }

  return (
    <Drawer open={open} onClose={onClose} size={640} title="Client blacklist" data-testid="blacklist-drawer">
      <QueryContent query={list} title="The blacklist could not be loaded.">
        {!v ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Flex vertical gap={20}>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              Blocked clients are refused by every access point and wireless router of this project, and
              disconnected at once if they are connected.
            </Typography.Paragraph>
            {v.version > 0 ? (
              <ConfigDeliveryBar projectId={projectId} targets={v.targets} version={v.version} />
            ) : null}
            <Flex align="center" gap={12}>
              <Progress
                percent={Math.round((entries.length / v.max) * 100)}
                showInfo={false}
                size="small"
                style={{ flex: 1, marginBottom: 0 }}
                status={blacklistFull(v.settings) ? 'exception' : 'normal'}
              />
              <Typography.Text type="secondary" className="nl-num" data-testid="blacklist-count">
                {entries.length} of {v.max} entries
              </Typography.Text>
            </Flex>
            {readOnly ? (
              <Alert type="info" showIcon message={readOnly} />
            ) : blacklistFull(v.settings) ? (
              <Alert
                type="warning"
                showIcon
                message={errorMessage(ERR.BLACKLIST_LIMIT)}
                description="Unblock a client to add another."
              />
            ) : (
              <BlacklistForm projectId={projectId} />
            )}
            <Table<BlacklistEntry>
              size="small"
              rowKey="mac"
              dataSource={entries}
              pagination={false}
              data-testid="blacklist-table"
              locale={{
                emptyText:
                  'No client is blocked. Block one from the client list or by its MAC address above.',
              }}
              onRow={(e) => ({ 'data-mac': e.mac }) as HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'name', title: 'Name', ellipsis: true, render: (_: unknown, e) => e.name || NONE },
                {
                  key: 'mac',
                  title: 'MAC address',
                  width: 170,
                  render: (_: unknown, e) => <span className="nl-mono">{e.mac}</span>,
                },
                { key: 'at', title: 'Blocked', width: 170, render: (_: unknown, e) => blockedAt(e.addedAt) },
                {
                  key: 'actions',
                  title: 'Actions',
                  width: 100,
                  render: (_: unknown, e) => (
                    <Popconfirm
                      title={`Unblock ${e.name || e.mac}?`}
                      description="It may join the project's Wi-Fi networks again."
                      okText="Unblock"
                      cancelText="Cancel"
                      disabled={readOnly !== null}
                      onConfirm={() => handleUnblock(e)}
                    >
                      <Button type="link" size="small" disabled={readOnly !== null} data-testid="unblock">
                        Unblock
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]}
            />
          </Flex>
        )}
      </QueryContent>
    </Drawer>
  );
}

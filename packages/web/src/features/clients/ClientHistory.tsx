import { CLIENT_HISTORY_DAYS, type ClientDay, formatBytes } from '@netloom/domain';
import { Table, Typography } from 'antd';

const time = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const dayLabel = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });

/** The client's last days in the project: when it was first and last seen, and its traffic. */
export function ClientHistory({ days }: { days: readonly ClientDay[] }) {
  return (
    <section>
      <Typography.Title level={5}>Recent history</Typography.Title>
      <Typography.Paragraph type="secondary" className="nl-client-panel-note">
        Each day the client was seen in this project (last {CLIENT_HISTORY_DAYS} days).
      </Typography.Paragraph>
      <Table<ClientDay>
        size="small"
        rowKey="day"
        pagination={false}
        dataSource={[...days]}
        data-testid="client-history"
        locale={{ emptyText: 'Not seen in the last days.' }}
        columns={[
          { key: 'day', title: 'Day', render: (_: unknown, d) => dayLabel(d.day) },
          {
            key: 'seen',
            title: 'Seen',
            render: (_: unknown, d) => (
              <span className="nl-num">
                {time(d.firstSeenAt)} – {time(d.lastSeenAt)}
              </span>
            ),
          },
          {
            key: 'tx',
            title: 'Sent',
            align: 'right',
            render: (_: unknown, d) => <span className="nl-num">{formatBytes(d.txBytes, 1)}</span>,
          },
          {
            key: 'rx',
            title: 'Received',
            align: 'right',
            render: (_: unknown, d) => <span className="nl-num">{formatBytes(d.rxBytes, 1)}</span>,
          },
        ]}
      />
    </section>
  );
}

import { ApiOutlined, WarningFilled } from '@ant-design/icons';
import type { Device, ProtocolProblem } from '@netloom/domain';
import { Alert, Table, Tag, Tooltip, Typography } from 'antd';
import { formatDateTime, NONE } from '../../components/format';
import { DeviceStatusTag } from '../../components/StatusTag';

/**
 * Protocol problems (issue 16 §2): what the cloud refused from a device, so an installer stops
 * guessing why it shows offline. The list flags a device with a recent refusal, a connected device
 * whose `state` is refused shows "Not reporting" instead of "Offline", and the drawer lists the last
 * refused messages (docs/protocol.md §7.3).
 */

/** One line for a refusal: "state refused at ports.0.speed". */
function problemTitle(p: Pick<ProtocolProblem, 'message' | 'path'>): string {
  return p.path && p.path !== '(root)' ? `${p.message} refused at ${p.path}` : `${p.message} refused`;
}

/** The device's status, or "Not reporting" (connected, its state refused) with the reason on hover. */
export function DeviceReportingTag({ device: d }: { device: Pick<Device, 'status' | 'notReporting'> }) {
  if (d.notReporting === null) return <DeviceStatusTag status={d.status} />;
  return (
    <Tooltip title={`Connected, not reporting: the cloud refused its state. ${d.notReporting}`}>
      <Tag
        color="warning"
        icon={<ApiOutlined />}
        className="nl-status-tag"
        data-testid="device-status"
        data-status="not-reporting"
      >
        Not reporting
      </Tag>
    </Tooltip>
  );
}

/** The list's flag: a device whose last refused message is recent; the refusal on hover. */
export function ProtocolProblemFlag({ device: d }: { device: Pick<Device, 'protocolProblem'> }) {
  const p = d.protocolProblem;
  if (!p) return null;
  return (
    <Tooltip
      title={
        <>
          <div>Protocol problem — {problemTitle(p)}</div>
          <div className="nl-problem-tip">{p.reason}</div>
          <div className="nl-problem-tip">{formatDateTime(p.at, Date.now(), true)}</div>
        </>
      }
    >
      <WarningFilled
        className="nl-problem-flag"
        aria-label={`Protocol problem: ${problemTitle(p)}`}
        data-testid="protocol-problem-flag"
      />
    </Tooltip>
  );
}

/** The drawer's section: the last refused messages, newest first (nothing when there are none). */
export function ProtocolProblemsSection({
  device: d,
}: {
  device: Pick<Device, 'notReporting'> & { protocolProblems: ProtocolProblem[] };
}) {
  if (d.protocolProblems.length === 0) return null;
  return (
    <section data-testid="protocol-problems">
      <Typography.Title level={5}>Protocol problems</Typography.Title>
      <Alert
        type="warning"
        showIcon
        className="nl-problem-alert"
        title={
          d.notReporting !== null
            ? 'Connected, not reporting: the cloud refuses the state this device sends, so it shows no status.'
            : 'The cloud dropped messages from this device. It was told why (a diagnostic message).'
        }
        description="Each refused message is listed with the field and the reason; fix the firmware or the device's configuration and the next valid message is taken."
      />
      <Table<ProtocolProblem>
        size="small"
        rowKey={(p) => `${p.at}-${p.message}-${p.path ?? ''}`}
        pagination={false}
        dataSource={d.protocolProblems}
        columns={[
          {
            key: 'at',
            title: 'Time',
            width: 150,
            render: (_, p) => formatDateTime(p.at, Date.now(), true),
          },
          {
            key: 'message',
            title: 'Message',
            width: 110,
            render: (_, p) => <span className="nl-mono">{p.message}</span>,
          },
          {
            key: 'path',
            title: 'Field',
            width: 140,
            render: (_, p) => <span className="nl-mono">{p.path ?? NONE}</span>,
          },
          {
            key: 'reason',
            title: 'Reason',
            render: (_, p) => <Typography.Text className="nl-problem-reason">{p.reason}</Typography.Text>,
          },
        ]}
      />
    </section>
  );
}

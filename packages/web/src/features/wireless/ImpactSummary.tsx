import {
  impactHeadline,
  SECURITY_MODE_LABELS,
  type SsidChange,
  type SsidLook,
  type SsidNow,
  type WirelessImpact,
} from '@netloom/domain';
import { Alert, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { vlanText } from './format';

const OP_TAGS: Record<SsidChange['op'], { color: string; label: string }> = {
  removed: { color: 'red', label: 'Removed' },
  changed: { color: 'orange', label: 'Changed' },
  added: { color: 'green', label: 'Added' },
};

function lookText(l: SsidLook): string {
  return `${SECURITY_MODE_LABELS[l.security]} · ${vlanText(l.vlanId)}${l.hidden ? ' · hidden' : ''}`;
}

function aps(n: number): string {
  return `${n} ${n === 1 ? 'AP' : 'APs'}`;
}

/** What a change does to one network, in words. */
function changeText(c: SsidChange): string {
  if (c.op === 'added') return `Broadcast on ${aps(c.devices)}${c.after ? ` · ${lookText(c.after)}` : ''}`;
  if (c.op === 'removed')
    return `No longer broadcast on ${aps(c.devices)}${c.clients > 0 ? ` · ${c.clients} clients reconnect` : ''}`;
  const was = c.before ? lookText(c.before) : '';
  const now = c.after ? lookText(c.after) : '';
  return `${was} → ${now} on ${aps(c.devices)}${c.clients > 0 ? ` · ${c.clients} clients reconnect` : ''}`;
}

const NOW_COLUMNS: TableColumnsType<SsidNow> = [
  { title: 'SSID', dataIndex: 'ssid', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
  { title: 'Security', key: 'security', render: (_, n) => SECURITY_MODE_LABELS[n.security] },
  { title: 'VLAN', key: 'vlan', render: (_, n) => vlanText(n.vlanId) },
  { title: 'APs', dataIndex: 'devices', align: 'right', width: 64 },
  { title: 'Clients', dataIndex: 'clients', align: 'right', width: 80 },
];

/**
 * The "Save and apply?" body of a Wi-Fi policy save (issue 10 point 3): one line saying what
 * changes on the air and who reconnects, what the APs broadcast now, and each network added,
 * removed or changed — all from what the APs reported (`wirelessChangeImpact`).
 */
export function ImpactSummary({ impact }: { impact: WirelessImpact }) {
  const headline = impactHeadline(impact);
  return (
    <Flex vertical gap={12} data-testid="wireless-impact">
      <Alert
        type={impact.clients > 0 ? 'warning' : 'info'}
        showIcon
        title={headline ?? 'Nothing the APs broadcast changes.'}
        data-testid="wireless-impact-headline"
        description={
          impact.unknown > 0
            ? `${aps(impact.unknown)} ${impact.unknown === 1 ? 'has' : 'have'} not reported what ${impact.unknown === 1 ? 'it broadcasts' : 'they broadcast'}; they get the new networks too.`
            : undefined
        }
      />
      {impact.now.length > 0 ? (
        <div>
          <Typography.Text strong>The APs broadcast now</Typography.Text>
          <Table<SsidNow>
            size="small"
            rowKey="ssid"
            columns={NOW_COLUMNS}
            dataSource={impact.now}
            pagination={false}
            className="nl-wifi-impact-table"
            data-testid="wireless-impact-now"
          />
        </div>
      ) : null}
      {impact.changes.length > 0 ? (
        <div>
          <Typography.Text strong>After saving</Typography.Text>
          <ul className="nl-wifi-impact-list" data-testid="wireless-impact-changes">
            {impact.changes.map((c) => (
              <li key={`${c.op}-${c.ssid}`}>
                <Tag color={OP_TAGS[c.op].color}>{OP_TAGS[c.op].label}</Tag>
                <Typography.Text strong>{c.ssid}</Typography.Text>{' '}
                <Typography.Text type="secondary">{changeText(c)}</Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Flex>
  );
}

import type { DeviceDetail } from '@netloom/domain';
import { Progress, Table, Tag } from 'antd';

/** Wi-Fi radios: band, channel, width, power and the clients on each. */
export function DeviceRadios({ radios }: { radios: DeviceDetail['radios'] }) {
  if (radios.length === 0) return null;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(r) => `${r.band}-${r.channel}`}
      dataSource={radios}
      data-testid="device-radios"
      columns={[
        { key: 'band', title: 'Band', render: (_, r) => <Tag>{r.band}</Tag> },
        {
          key: 'channel',
          title: 'Channel',
          render: (_, r) => (r.width ? `${r.channel} (${r.width} MHz)` : r.channel),
        },
        { key: 'power', title: 'Power', render: (_, r) => `${r.txPower} dBm` },
        { key: 'clients', title: 'Clients', align: 'right', render: (_, r) => r.clients },
      ]}
    />
  );
}

/** NVR: disks with their fill level, and the camera channels. */
export function DeviceStorage({ disks, channels }: Pick<DeviceDetail, 'disks' | 'channels'>) {
  return (
    <>
      {disks.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={disks}
          data-testid="device-disks"
          columns={[
            { key: 'id', title: 'Disk', render: (_, d) => `Disk ${d.id}` },
            {
              key: 'status',
              title: 'Status',
              render: (_, d) => (
                <Tag color={d.status === 'ok' ? 'success' : 'error'}>
                  {d.status === 'ok' ? 'Healthy' : d.status}
                </Tag>
              ),
            },
            {
              key: 'used',
              title: 'Used',
              width: 220,
              render: (_, d) => (
                <Progress
                  size="small"
                  percent={d.capacityGb > 0 ? Math.round((d.usedGb / d.capacityGb) * 100) : 0}
                  format={() => `${Math.round(d.usedGb)} / ${d.capacityGb} GB`}
                />
              ),
            },
          ]}
        />
      ) : null}
      {channels.length > 0 ? (
        <Table
          size="small"
          pagination={false}
          rowKey="channel"
          dataSource={channels}
          data-testid="device-channels"
          className="nl-detail-table-gap"
          columns={[
            { key: 'channel', title: 'Channel', render: (_, c) => `CH ${c.channel}` },
            {
              key: 'online',
              title: 'Camera',
              render: (_, c) => (c.online ? <Tag color="success">Online</Tag> : <Tag>Offline</Tag>),
            },
            { key: 'model', title: 'Model', render: (_, c) => c.model ?? '—' },
            { key: 'ip', title: 'IP address', render: (_, c) => c.ip ?? '—' },
          ]}
        />
      ) : null}
    </>
  );
}

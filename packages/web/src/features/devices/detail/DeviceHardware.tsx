import type { DeviceDetail } from '@netloom/domain';
import { Table, Tag } from 'antd';

/**
 * Wi-Fi radios: band, channel, width, power and the clients on each. (A recorder's disks and cameras
 * are the NVR feature's sections, `NvrSections`.)
 */
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

import { Typography } from 'antd';
import { DhcpPoolModal } from './DhcpPoolModal';
import { formatLease, interfaceLabel } from './format';
import { removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { RuleList } from './RuleList';

/** /manage/networkconf/dhcp — the gateway's DHCP pools. */
export default function DhcpPage() {
  return (
    <NetworkPage
      title="DHCP"
      description="Address pools the gateway hands out on the LAN and on VLANs, with DNS servers and lease times."
    >
      {(editor) => {
        const { settings } = editor;
        return (
          <RuleList
            editor={editor}
            list="dhcpPools"
            noun={['pool', 'pools']}
            rowKey={(p) => p.name}
            emptyText="No DHCP pools — clients on the LAN get no address until you add one."
            testId="dhcp-table"
            columns={[
              { title: 'Pool name', dataIndex: 'name', ellipsis: true },
              {
                title: 'Interface',
                key: 'interface',
                render: (_, p) => interfaceLabel(p.interface, settings),
              },
              { title: 'Address range', key: 'range', render: (_, p) => `${p.start} – ${p.end}` },
              { title: 'Subnet mask', dataIndex: 'mask' },
              { title: 'Gateway', dataIndex: 'gateway' },
              {
                title: 'DNS',
                key: 'dns',
                render: (_, p) =>
                  p.dns.length > 0 ? (
                    p.dns.join(', ')
                  ) : (
                    <Typography.Text type="secondary">Gateway</Typography.Text>
                  ),
              },
              { title: 'Lease', key: 'lease', render: (_, p) => formatLease(p.leaseMinutes) },
            ]}
            label={(p) => `pool ${p.name}`}
            deletion={(p, index) => ({
              subject: `DHCP pool ${p.name}`,
              content: `Clients on ${interfaceLabel(p.interface, settings)} keep their addresses until the lease ends, then get none from this pool.`,
              candidate: { ...settings, dhcpPools: removeAt(settings.dhcpPools, index) },
              warnReconnect: true,
            })}
            Dialog={DhcpPoolModal}
          />
        );
      }}
    </NetworkPage>
  );
}

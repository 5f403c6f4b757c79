import {
  type NetworkConfigView,
  type NetworkSettings,
  portsUsingVlan,
  type VlanPortUse,
  vlanPortUseText,
} from '@netloom/domain';
import { Flex, Tag, Tooltip, Typography } from 'antd';

/** One thing that uses a VLAN: a DHCP pool or a switch's ports. */
export interface VlanUser {
  key: string;
  /** Short tag text: "DHCP pool guest", "Core · ports 3, 5". */
  label: string;
  /** The full sentence (tooltip). */
  title: string;
  /** Switch ports keep the VLAN from being deleted or renumbered (1110). */
  blocks: boolean;
}

function portsShort(use: VlanPortUse): string {
  const parts: string[] = [];
  if (use.untagged.length > 0) parts.push(use.untagged.join(', '));
  if (use.tagged.length > 0) parts.push(`${use.tagged.join(', ')} tagged`);
  const n = use.untagged.length + use.tagged.length;
  return `${use.name} · ${n === 1 ? 'port' : 'ports'} ${parts.join('; ')}`;
}

/** The DHCP pools on a VLAN and the switch ports that carry it. */
export function vlanUsers(
  settings: NetworkSettings,
  switchPorts: NetworkConfigView['switchPorts'],
  id: number,
): VlanUser[] {
  const pools = settings.dhcpPools
    .filter((p) => p.interface === id)
    .map((p) => ({
      key: `pool:${p.name}`,
      label: `DHCP pool ${p.name}`,
      title: `DHCP pool ${p.name} hands out addresses on this VLAN.`,
      blocks: false,
    }));
  const ports = portsUsingVlan(switchPorts, id).map((u) => ({
    key: `switch:${u.deviceId}`,
    label: portsShort(u),
    title: `Set on ${vlanPortUseText(u)}. Move those ports to another VLAN before deleting it or changing its ID.`,
    blocks: true,
  }));
  return [...pools, ...ports];
}

/** The "Used by" cell of the VLAN table. */
export function VlanUsedBy({ users }: { users: readonly VlanUser[] }) {
  if (users.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {users.map((u) => (
        <Tooltip key={u.key} title={u.title}>
          <Tag color={u.blocks ? 'blue' : undefined} data-testid="vlan-used-by">
            {u.label}
          </Tag>
        </Tooltip>
      ))}
    </Flex>
  );
}

import { ArrowUpOutlined, EditOutlined, TeamOutlined, WarningFilled } from '@ant-design/icons';
import {
  DEVICE_TYPE_LABELS,
  deviceDisplayStatus,
  MESH_NODE_TYPES,
  TOPOLOGY_MANUAL_KIND_LABELS,
  type TopologyManualKind,
  type TopologyNode,
} from '@netloom/domain';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { Tooltip, theme } from 'antd';
import { useCurrentProject } from '../../session/session';
import { useNewerFirmware } from '../firmware';
import type { LayoutDirection } from './layout';
import { kindColour, kindIcon, statusColour } from './nodeLook';

export interface TopologyNodeData extends Record<string, unknown> {
  node: TopologyNode;
  direction: LayoutDirection;
  /** Devices below this one hidden by the level limit. */
  hiddenBelow: number;
  /** In the VLAN view: the node does not carry the chosen VLAN. */
  dimmed?: boolean;
  /** In the VLAN view: "VLAN 20 · ports 2, 3 tagged" — the ports that carry it. */
  vlanPorts?: string;
}
export type DeviceFlowNode = Node<TopologyNodeData, 'device'>;
export type InternetFlowNode = Node<TopologyNodeData, 'internet'>;

/** Links enter at the top and leave at the bottom (vertical), or left and right (horizontal). */
function Handles({
  direction,
  source = true,
  target = true,
}: {
  direction: LayoutDirection;
  source?: boolean;
  target?: boolean;
}) {
  const vertical = direction === 'vertical';
  return (
    <>
      {target ? (
        <Handle type="target" position={vertical ? Position.Top : Position.Left} isConnectable={false} />
      ) : null}
      {source ? (
        <Handle type="source" position={vertical ? Position.Bottom : Position.Right} isConnectable={false} />
      ) : null}
    </>
  );
}

function kindLabel(n: TopologyNode): string {
  if (n.manual)
    return TOPOLOGY_MANUAL_KIND_LABELS[n.kind as TopologyManualKind] ?? DEVICE_TYPE_LABELS[n.kind];
  if (n.kind === 'mesh' && n.meshRole !== null) {
    return n.meshRole === MESH_NODE_TYPES.PRIMARY ? 'Mesh primary' : 'Mesh satellite';
  }
  return DEVICE_TYPE_LABELS[n.kind];
}

/** The dimming and the VLAN ports chip of the VLAN view, shared by both node looks. */
function vlanClass(data: TopologyNodeData): string {
  return data.dimmed ? ' nl-topo-dimmed' : '';
}

function VlanPortsChip({ text }: { text: string | undefined }) {
  return text ? (
    <span className="nl-topo-node-vlan" data-testid="topo-vlan-ports">
      {text}
    </span>
  ) : null;
}

/**
 * A device added by hand (not cloud-managed): dashed, no status, its remark; a click edits it and,
 * where the account may change the project, it can be dragged.
 */
function ManualNodeView({ data }: { data: TopologyNodeData }) {
  const n = data.node;
  const colour = kindColour(n.kind);
  const meta = [kindLabel(n), n.model].filter(Boolean).join(' · ');
  return (
    <div
      className={`nl-topo-node nl-topo-node-manual${vlanClass(data)}`}
      data-testid="topo-node"
      data-manual="true"
      data-kind={n.kind}
      data-level={n.level}
    >
      <Handles direction={data.direction} />
      <span className="nl-topo-node-icon" style={{ color: colour, background: `${colour}14` }}>
        {kindIcon(n.kind)}
      </span>
      <span className="nl-topo-node-text">
        <span className="nl-topo-node-name" title={n.name}>
          {n.name}
        </span>
        <span className="nl-topo-node-meta">{meta}</span>
        <span className="nl-topo-node-status nl-topo-node-remark" title={n.manual?.remark || undefined}>
          <EditOutlined /> {n.manual?.remark ? n.manual.remark : 'Added by hand'}
        </span>
      </span>
      <VlanPortsChip text={data.vlanPorts} />
    </div>
  );
}

/** A managed device: icon by §3 type, name, type and model, status word and colour, clients. */
export function DeviceNodeView({ data }: NodeProps<DeviceFlowNode>) {
  const { token } = theme.useToken();
  const n = data.node;
  if (n.manual) return <ManualNodeView data={data} />;
  const status = deviceDisplayStatus(n.status);
  const colour = statusColour(status.key, token);
  const meta = [kindLabel(n), n.model].filter(Boolean).join(' · ');
  return (
    <div
      className={`nl-topo-node nl-topo-node-${status.key}${vlanClass(data)}`}
      style={{ borderLeftColor: colour }}
      data-testid="topo-node"
      data-kind={n.kind}
      data-level={n.level}
      data-status={status.key}
      title={`${n.name} (${n.sn})`}
    >
      <Handles direction={data.direction} />
      <span
        className="nl-topo-node-icon"
        style={{ color: kindColour(n.kind), background: `${kindColour(n.kind)}14` }}
      >
        {kindIcon(n.kind)}
      </span>
      <span className="nl-topo-node-text">
        <span className="nl-topo-node-name">{n.name}</span>
        <span className="nl-topo-node-meta">{meta}</span>
        <span className="nl-topo-node-status">
          <span className="nl-topo-dot" style={{ background: colour }} />
          <span style={{ color: status.key === 'offline' ? token.colorTextTertiary : colour }}>
            {status.label}
          </span>
          {n.clients !== null ? (
            <span className="nl-topo-node-clients" title={`${n.clients} clients now`}>
              <TeamOutlined /> {n.clients}
            </span>
          ) : null}
        </span>
      </span>
      <FirmwarePrompt model={n.model} firmwareVersion={n.firmwareVersion ?? null} />
      {n.uplinkUnknown ? (
        <Tooltip title="This device reported no uplink inside the project, so where it connects is not known.">
          <span className="nl-topo-node-flag" data-testid="uplink-unknown">
            <WarningFilled /> Uplink unknown
          </span>
        </Tooltip>
      ) : null}
      {data.hiddenBelow > 0 ? (
        <span
          className="nl-topo-node-more"
          title={`${data.hiddenBelow} devices below, hidden by the level limit`}
        >
          +{data.hiddenBelow}
        </span>
      ) : null}
      <VlanPortsChip text={data.vlanPorts} />
    </div>
  );
}

/** The topology's upgrade prompt (§2): the catalogue has newer firmware for the node's model. */
function FirmwarePrompt(device: { model: string | null; firmwareVersion: string | null }) {
  const { project } = useCurrentProject();
  const newer = useNewerFirmware(project?.id ?? null, device);
  if (!newer) return null;
  return (
    <Tooltip
      title={`Firmware ${newer.version} is available (runs ${device.firmwareVersion ?? 'unknown'}). Upgrade it from Device maintenance.`}
    >
      <span className="nl-topo-node-upgrade" data-testid="topo-firmware-newer">
        <ArrowUpOutlined /> {newer.version}
      </span>
    </Tooltip>
  );
}

/** The root every path leads to. */
export function InternetNodeView({ data }: NodeProps<InternetFlowNode>) {
  return (
    <div className={`nl-topo-internet${vlanClass(data)}`} data-testid="topo-internet" data-level={0}>
      <Handles direction={data.direction} target={false} />
      <span className="nl-topo-internet-icon">{kindIcon('internet')}</span>
      <span className="nl-topo-internet-name">Internet</span>
    </div>
  );
}

export const NODE_TYPES = { device: DeviceNodeView, internet: InternetNodeView };

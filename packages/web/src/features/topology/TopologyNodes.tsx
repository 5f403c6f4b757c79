import { TeamOutlined, WarningFilled } from '@ant-design/icons';
import { DEVICE_TYPE_LABELS, deviceDisplayStatus, MESH_NODE_TYPES, type TopologyNode } from '@netloom/domain';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { Tooltip, theme } from 'antd';
import type { LayoutDirection } from './layout';
import { kindColour, kindIcon, statusColour } from './nodeLook';

export interface TopologyNodeData extends Record<string, unknown> {
  node: TopologyNode;
  direction: LayoutDirection;
  /** Devices below this one hidden by the level limit. */
  hiddenBelow: number;
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
  if (n.kind === 'mesh' && n.meshRole !== null) {
    return n.meshRole === MESH_NODE_TYPES.PRIMARY ? 'Mesh primary' : 'Mesh satellite';
  }
  return DEVICE_TYPE_LABELS[n.kind];
}

/** A managed device: icon by §3 type, name, type and model, status word and colour, clients. */
export function DeviceNodeView({ data }: NodeProps<DeviceFlowNode>) {
  const { token } = theme.useToken();
  const n = data.node;
  const status = deviceDisplayStatus(n.status);
  const colour = statusColour(status.key, token);
  const meta = [kindLabel(n), n.model].filter(Boolean).join(' · ');
  return (
    <div
      className={`nl-topo-node nl-topo-node-${status.key}`}
      style={{ borderLeftColor: colour }}
      data-testid="topo-node"
      data-kind={n.kind}
      data-level={n.level}
      data-status={status.key}
    >
      <Handles direction={data.direction} />
      <span
        className="nl-topo-node-icon"
        style={{ color: kindColour(n.kind), background: `${kindColour(n.kind)}14` }}
      >
        {kindIcon(n.kind)}
      </span>
      <span className="nl-topo-node-text">
        <span className="nl-topo-node-name" title={`${n.name} (${n.sn})`}>
          {n.name}
        </span>
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
    </div>
  );
}

/** The root every path leads to. */
export function InternetNodeView({ data }: NodeProps<InternetFlowNode>) {
  return (
    <div className="nl-topo-internet" data-testid="topo-internet" data-level={0}>
      <Handles direction={data.direction} target={false} />
      <span className="nl-topo-internet-icon">{kindIcon('internet')}</span>
      <span className="nl-topo-internet-name">Internet</span>
    </div>
  );
}

export const NODE_TYPES = { device: DeviceNodeView, internet: InternetNodeView };

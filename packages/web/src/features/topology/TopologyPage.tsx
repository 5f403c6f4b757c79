import {
  ERR,
  errorMessage,
  isDeviceOnline,
  TOPOLOGY_MANUAL_MAX_NODES,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyNode,
  vlanView,
} from '@netloom/domain';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { plural } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { useTopology } from './api';
import type { LayoutDirection } from './layout';
import { ManualNodeModal } from './ManualNodeModal';
import { TopologyCanvas } from './TopologyCanvas';
import { TopologyLegend } from './TopologyLegend';
import { TopologyTips } from './TopologyTips';
import { TopologyToolbar } from './TopologyToolbar';
import { useTopologyLayout } from './useTopologyLayout';
import './topology.css';

/** "7 devices · 6 online · 1 uplink unknown · 2 added by hand": the drawing's totals in one line. */
function summary(graph: Topology): string {
  const devices = graph.nodes.filter((n) => n.id !== TOPOLOGY_ROOT_ID && !n.manual);
  const manual = graph.nodes.filter((n) => n.manual).length;
  const online = devices.filter((n) => isDeviceOnline(n.status)).length;
  const unknown = devices.filter((n) => n.uplinkUnknown).length;
  const parts = [plural(devices.length, 'device'), `${online} online`];
  if (unknown > 0) parts.push(`${unknown} uplink unknown`);
  if (manual > 0) parts.push(`${manual} added by hand`);
  return parts.join(' · ');
}

type ManualTarget = { mode: 'add'; parent?: string } | { mode: 'edit'; node: TopologyNode } | null;

/** /manage/visualization/topo — the project's network topology (issue 12 §3, beta). */
export default function TopologyPage() {
  const { project } = useCurrentProject();
  const query = useTopology(project?.id ?? 0);
  const graph = query.data;
  const [direction, setDirection] = useState<LayoutDirection>('vertical');
  // null: every level, whatever depth the graph grows to.
  const [levelLimit, setLevelLimit] = useState<number | null>(null);
  const [full, setFull] = useState(false);
  const [fitRequest, setFitRequest] = useState(0);
  const [vlan, setVlan] = useState<number | null>(null);
  const [manualTarget, setManualTarget] = useState<ManualTarget>(null);
  const blocked = changeBlockedReason(project);
  // A VLAN removed from the settings while it is shown: back to the whole network.
  const vlanShown = vlan !== null && graph?.vlans.some((v) => v.id === vlan) ? vlan : null;
  const view = useMemo(
    () => (graph && vlanShown !== null ? { id: vlanShown, view: vlanView(graph, vlanShown) } : null),
    [graph, vlanShown],
  );
  const depth = graph?.depth ?? 0;
  const maxLevel = levelLimit === null ? Math.max(depth, 1) : Math.min(levelLimit, Math.max(depth, 1));
  const { layout, layoutKey, failed } = useTopologyLayout(graph, direction, maxLevel);

  useEffect(() => {
    if (!full) return;
    const handleKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFull(false);
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [full]);

  const handleFull = () => {
    setFull((f) => !f);
    setFitRequest((n) => n + 1);
  };
  const empty = graph !== undefined && graph.nodes.length <= 1;

  return (
    <>
      <PageHeader
        title={
          <>
            Network topology <Tag color="blue">Beta</Tag>
          </>
        }
        description="How the devices of this project connect, from the Internet down, as they report their uplinks. Updates live."
      />
      <LoadError query={query} title="The topology could not be loaded." style={{ marginBottom: 16 }} />
      <TopologyTips />
      <Card
        className={full ? 'nl-topo-card nl-topo-full' : 'nl-topo-card'}
        data-testid="topology-card"
        title={
          graph ? (
            <span className="nl-topo-summary" data-testid="topology-summary">
              {summary(graph)}
            </span>
          ) : null
        }
        extra={
          <TopologyToolbar
            direction={direction}
            onDirection={setDirection}
            depth={depth}
            maxLevel={maxLevel}
            onMaxLevel={(l) => setLevelLimit(l >= depth ? null : l)}
            full={full}
            onFit={() => setFitRequest((n) => n + 1)}
            onFull={handleFull}
            vlans={graph?.vlans ?? []}
            vlan={vlanShown}
            onVlan={setVlan}
            onAdd={() => setManualTarget({ mode: 'add' })}
            addBlocked={
              blocked ??
              (empty
                ? 'Add a device to the project first.'
                : graph && graph.manualCount >= TOPOLOGY_MANUAL_MAX_NODES
                  ? errorMessage(ERR.TOPOLOGY_MANUAL_LIMIT)
                  : null)
            }
          />
        }
      >
        <div
          className="nl-topo-canvas"
          data-testid="topology-canvas"
          data-direction={direction}
          data-vlan={vlanShown ?? undefined}
        >
          {empty ? (
            <Empty
              className="nl-topo-empty"
              description="No devices yet — add devices to the project and they appear here as they report their uplinks."
            />
          ) : graph && layout && layoutKey ? (
            <ReactFlowProvider>
              <TopologyCanvas
                graph={graph}
                layout={layout}
                layoutKey={layoutKey}
                direction={direction}
                fitRequest={fitRequest}
                projectId={project?.id ?? 0}
                vlan={view}
                editable={blocked === null}
                onEditManual={(node) =>
                  blocked === null ? setManualTarget({ mode: 'edit', node }) : undefined
                }
              />
              <TopologyLegend />
              {view && graph ? (
                <div className="nl-topo-vlan-banner" data-testid="topology-vlan-banner">
                  <Tag color="geekblue">VLAN {view.id}</Tag>
                  <span>
                    {graph.vlans.find((v) => v.id === view.id)?.name} — carried by{' '}
                    {plural(
                      graph.nodes.filter(
                        (n) => !n.manual && n.id !== TOPOLOGY_ROOT_ID && view.view.nodes.has(n.id),
                      ).length,
                      'device',
                    )}{' '}
                    and {plural(view.view.edges.size, 'link')}; the rest is faded.
                  </span>
                  <Button size="small" type="link" onClick={() => setVlan(null)}>
                    Show all
                  </Button>
                </div>
              ) : null}
            </ReactFlowProvider>
          ) : failed ? (
            <Empty className="nl-topo-empty" description="The topology could not be laid out." />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} className="nl-topo-skeleton" />
          )}
        </div>
      </Card>
      {graph && project ? (
        <ManualNodeModal
          projectId={project.id}
          graph={graph}
          target={manualTarget}
          onClose={() => setManualTarget(null)}
        />
      ) : null}
    </>
  );
}

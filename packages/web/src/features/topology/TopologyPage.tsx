import { isDeviceOnline, TOPOLOGY_ROOT_ID, type Topology } from '@netloom/domain';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Card, Empty, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { plural } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { useTopology } from './api';
import type { LayoutDirection } from './layout';
import { TopologyCanvas } from './TopologyCanvas';
import { TopologyLegend } from './TopologyLegend';
import { TopologyTips } from './TopologyTips';
import { TopologyToolbar } from './TopologyToolbar';
import { useTopologyLayout } from './useTopologyLayout';
import './topology.css';

/** "7 devices · 6 online · 1 uplink unknown": the drawing's totals in one line. */
function summary(graph: Topology): string {
  const devices = graph.nodes.filter((n) => n.id !== TOPOLOGY_ROOT_ID);
  const online = devices.filter((n) => isDeviceOnline(n.status)).length;
  const unknown = devices.filter((n) => n.uplinkUnknown).length;
  const parts = [plural(devices.length, 'device'), `${online} online`];
  if (unknown > 0) parts.push(`${unknown} uplink unknown`);
  return parts.join(' · ');
}

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
        title={graph ? <span className="nl-topo-summary">{summary(graph)}</span> : null}
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
          />
        }
      >
        <div className="nl-topo-canvas" data-testid="topology-canvas" data-direction={direction}>
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
              />
              <TopologyLegend />
            </ReactFlowProvider>
          ) : failed ? (
            <Empty className="nl-topo-empty" description="The topology could not be laid out." />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} className="nl-topo-skeleton" />
          )}
        </div>
      </Card>
    </>
  );
}

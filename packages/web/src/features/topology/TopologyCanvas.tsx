import type { Topology } from '@netloom/domain';
import { Background, Controls, ReactFlow, useReactFlow } from '@xyflow/react';
import { theme } from 'antd';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { prefersReducedMotion } from '../../browser/platform';
import { devicePath } from '../../navigation/paths';
import { flowElements } from './flowElements';
import { EDGE_TYPES } from './LinkEdge';
import type { LayoutDirection, TopologyLayout } from './layout';
import { NODE_TYPES } from './TopologyNodes';

interface TopologyCanvasProps {
  graph: Topology;
  layout: TopologyLayout;
  /** Changes when the places change: the view fits the drawing again. */
  layoutKey: string;
  direction: LayoutDirection;
  /** Bumped by the Fit button and by entering or leaving full screen. */
  fitRequest: number;
}

/** The Fit button: everything on screen, however small. */
const FIT_ALL = { padding: 0.08, maxZoom: 1, duration: prefersReducedMotion ? 0 : 200 } as const;
/**
 * A new layout: everything if it stays readable, else the centre of the drawing (the Internet on
 * top) at the smallest zoom where names still read; pan, zoom or Fit show the rest.
 */
const FIT_READABLE = { ...FIT_ALL, minZoom: 0.6 } as const;

/** The drawing: React Flow over the elk layout; a device node opens the device's detail drawer. */
export function TopologyCanvas({ graph, layout, layoutKey, direction, fitRequest }: TopologyCanvasProps) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const flow = useReactFlow();
  const { nodes, edges } = useMemo(
    () =>
      flowElements(graph, layout, direction, {
        up: token.colorSuccess,
        air: token.colorPrimary,
        down: token.colorTextQuaternary,
        unknown: token.colorWarning,
        label: token.colorTextSecondary,
      }),
    [graph, layout, direction, token],
  );

  // A new layout (direction, level limit, devices added): fit, readable, once React Flow has
  // measured the nodes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout's key is the trigger
  useEffect(() => {
    const id = requestAnimationFrame(() => void flow.fitView(FIT_READABLE));
    return () => cancelAnimationFrame(id);
  }, [layoutKey, flow]);
  // The Fit button and entering or leaving full screen: everything.
  useEffect(() => {
    if (fitRequest === 0) return;
    const id = requestAnimationFrame(() => void flow.fitView(FIT_ALL));
    return () => cancelAnimationFrame(id);
  }, [fitRequest, flow]);

  const openDevice = (nodeId: string) => {
    const deviceId = graph.nodes.find((n) => n.id === nodeId)?.deviceId;
    if (deviceId !== undefined) navigate(devicePath(deviceId));
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      nodesDraggable={false}
      nodesConnectable={false}
      edgesFocusable={false}
      fitView
      fitViewOptions={FIT_READABLE}
      minZoom={0.1}
      maxZoom={2}
      proOptions={{ hideAttribution: true }}
      onNodeClick={(_, node) => openDevice(node.id)}
      onKeyDown={(e) => {
        // A focused device node opens with Enter, as a click would (UI.md: keyboard reachable).
        const id = (e.target as HTMLElement).closest('.react-flow__node')?.getAttribute('data-id');
        if (e.key === 'Enter' && id) openDevice(id);
      }}
      aria-label="Network topology"
    >
      <Background gap={20} size={1} color={token.colorBorderSecondary} />
      <Controls showInteractive={false} showFitView={false} position="top-right" />
    </ReactFlow>
  );
}

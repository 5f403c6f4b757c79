import type { Topology, TopologyNode, VlanView } from '@netloom/domain';
import { Controls, type NodeChange, ReactFlow, useReactFlow, useStore } from '@xyflow/react';
import { App, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { prefersReducedMotion } from '../../browser/platform';
import { devicePath } from '../../navigation/paths';
import { useManualNodeChanges } from './api';
import { detailMinZoom, LARGE_NETWORK_NODES } from './detail';
import { flowElements } from './flowElements';
import { EDGE_TYPES } from './LinkEdge';
import type { LayoutDirection, TopologyLayout } from './layout';
import { linkGeometry, linksInView, viewRect } from './linkCulling';
import { nodeAt } from './overview';
import { useStableElements } from './stableElements';
import { NODE_TYPES } from './TopologyNodes';
import { TopologyOverview } from './TopologyOverview';

interface TopologyCanvasProps {
  graph: Topology;
  layout: TopologyLayout;
  /** Changes when the places change: the view fits the drawing again. */
  layoutKey: string;
  direction: LayoutDirection;
  /** Bumped by the Fit button and by entering or leaving full screen. */
  fitRequest: number;
  projectId: number;
  /** The VLAN view, or null for the whole network. */
  vlan: { id: number; view: VlanView } | null;
  /** The account may change the project: manual nodes can be dragged and edited. */
  editable: boolean;
  /** A click on a manual node: its edit dialog. */
  onEditManual: (node: TopologyNode) => void;
}

/** The Fit button: everything on screen, however small. */
const FIT_ALL = {
  padding: 0.08,
  maxZoom: 1,
  duration: prefersReducedMotion ? 0 : 200,
  // Zoomed out the nodes are hidden (the overview draws them): they count all the same.
  includeHiddenNodes: true,
} as const;
/**
 * A new layout: everything if it stays readable, else the centre of the drawing (the Internet on
 * top) at the smallest zoom where names still read; pan, zoom or Fit show the rest.
 */
const FIT_READABLE = { ...FIT_ALL, minZoom: 0.6 } as const;

const hiddenCopies = new WeakMap<object, object>();

/**
 * The element hidden, the same object each time for the same element: while zoomed out, a live
 * refresh then hands React Flow new objects only for the nodes and links that changed.
 */
function hiddenCopy<T extends object>(element: T): T {
  let copy = hiddenCopies.get(element) as T | undefined;
  if (!copy) {
    copy = { ...element, hidden: true };
    hiddenCopies.set(element, copy);
  }
  return copy;
}

/** The drawing: React Flow over the elk layout; a device node opens the device's detail drawer. */
export function TopologyCanvas({
  graph,
  layout,
  layoutKey,
  direction,
  fitRequest,
  projectId,
  vlan,
  editable,
  onEditManual,
}: TopologyCanvasProps) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const flow = useReactFlow();
  const changes = useManualNodeChanges(projectId);
  // Zoomed out: the overview's canvas draws every node and link, React Flow none (hidden).
  const minZoom = detailMinZoom(layout.nodes.length);
  const far = useStore((s) => s.transform[2] < minZoom);
  // Manual nodes being dragged, or dropped and not yet saved: where they stand now.
  const [dragged, setDragged] = useState<ReadonlyMap<string, { x: number; y: number }>>(new Map());
  // Unchanged nodes and links keep their objects: a live refresh redraws only what changed.
  const elements = useMemo(
    () =>
      flowElements(
        graph,
        layout,
        direction,
        {
          up: token.colorSuccess,
          air: token.colorPrimary,
          down: token.colorTextQuaternary,
          unknown: token.colorWarning,
          label: token.colorTextSecondary,
        },
        { vlan, editable, dragged },
      ),
    [graph, layout, direction, token, vlan, editable, dragged],
  );
  const { nodes, edges } = useStableElements(elements);
  const large = nodes.length > LARGE_NETWORK_NODES;
  // A large network hands React Flow only the links on screen (linkCulling.ts); the selector's
  // result is their ids, so a pan re-renders the canvas only when a link comes or goes.
  const geometry = useMemo(
    () => (large ? linkGeometry(nodes, edges, direction) : null),
    [large, nodes, edges, direction],
  );
  const linksShown = useStore((s) =>
    geometry && s.transform[2] >= minZoom ? linksInView(geometry, viewRect(s.transform, s)) : null,
  );
  const shown = useMemo(() => {
    if (far) return { nodes: nodes.map(hiddenCopy), edges: edges.map(hiddenCopy) };
    if (linksShown === null) return { nodes, edges };
    const ids = new Set(linksShown.split('\n'));
    return { nodes, edges: edges.filter((e) => ids.has(e.id)) };
  }, [far, nodes, edges, linksShown]);

  const handleNodesChange = (list: NodeChange[]) => {
    const moves = list.filter((c) => c.type === 'position' && c.position !== undefined);
    if (moves.length === 0) return;
    setDragged((prev) => {
      const next = new Map(prev);
      for (const c of moves) if (c.type === 'position' && c.position) next.set(c.id, c.position);
      return next;
    });
  };

  /** A manual node dropped: its offset from the layout's place is saved (both layouts share it). */
  const handleDragStop = (id: string, at: { x: number; y: number }) => {
    const node = graph.nodes.find((n) => n.id === id);
    const placed = layout.nodes.find((p) => p.node.id === id);
    if (!node?.manual || !placed) return;
    const forget = () =>
      setDragged((prev) => {
        const next = new Map(prev);
        next.delete(id);
        return next;
      });
    changes.update.mutate(
      { id: node.manual.id, body: { dx: Math.round(at.x - placed.x), dy: Math.round(at.y - placed.y) } },
      {
        onSettled: forget,
        onError: (err) => {
          if (err instanceof ApiError) message.error(err.message);
        },
      },
    );
  };

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
    const node = graph.nodes.find((n) => n.id === nodeId);
    if (node?.manual) onEditManual(node);
    else if (node?.deviceId !== undefined) navigate(devicePath(node.deviceId));
  };

  /** Zoomed out, a click on the overview's canvas opens the device drawn there. */
  const handlePaneClick = (event: React.MouseEvent) => {
    if (!far) return;
    const hit = nodeAt(nodes, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    if (hit) openDevice(hit.id);
  };

  return (
    <ReactFlow
      nodes={shown.nodes}
      edges={shown.edges}
      onPaneClick={handlePaneClick}
      nodeTypes={NODE_TYPES}
      edgeTypes={EDGE_TYPES}
      nodesDraggable={editable}
      onNodesChange={handleNodesChange}
      onNodeDragStop={(_, node) => handleDragStop(node.id, node.position)}
      nodesConnectable={false}
      // A large network keeps only what is on screen in the page (detail.ts): panning a readable view
      // of 1,000 devices moves a few dozen nodes, not all of them (sizes come with the nodes, so the
      // first fit needs no drawing).
      onlyRenderVisibleElements={large}
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
      {/*
        No dot grid behind the drawing: without a GPU, its pattern is painted again over the whole
        canvas on every frame of a pan, a third of the frame (the `topology-ui` bench: pan p95 50 →
        33 ms at 1,000 devices). The canvas's own tint sets it apart from the page.
      */}
      {far ? <TopologyOverview nodes={nodes} edges={edges} direction={direction} /> : null}
      <Controls showInteractive={false} showFitView={false} position="top-right" />
    </ReactFlow>
  );
}

import { useStore } from '@xyflow/react';
import { theme } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import type { LinkFlowEdge } from './LinkEdge';
import type { LayoutDirection } from './layout';
import { statusColour } from './nodeLook';
import { drawOverview, type FlowNode } from './overview';

interface TopologyOverviewProps {
  nodes: readonly FlowNode[];
  edges: readonly LinkFlowEdge[];
  direction: LayoutDirection;
}

/**
 * The zoomed-out drawing on one canvas over React Flow's pane (the nodes themselves are hidden
 * meanwhile, TopologyCanvas.tsx): repainted on every change of the view, which React Flow's store
 * tells. The canvas takes no pointer events: drags and the wheel reach the pane, a click is
 * hit-tested by the page.
 */
export function TopologyOverview({ nodes, edges, direction }: TopologyOverviewProps) {
  const { token } = theme.useToken();
  const ref = useRef<HTMLCanvasElement>(null);
  const transform = useStore((s) => s.transform);
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);

  useLayoutEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    const w = Math.round(width * ratio);
    const h = Math.round(height * ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    drawOverview(ctx, { width, height }, transform, { nodes, edges }, direction, {
      status: (key) => statusColour(key, token),
      border: '#e4e7ee',
      fill: '#ffffff',
      internet: token.colorPrimary,
    });
  }, [transform, width, height, nodes, edges, direction, token]);

  return (
    <canvas
      ref={ref}
      className="nl-topo-overview"
      style={{ width, height }}
      data-testid="topology-overview"
      role="img"
      aria-label="Overview of the whole network: zoom in to read names and open devices with the keyboard"
    />
  );
}

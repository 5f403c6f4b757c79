import type { Topology } from '@netloom/domain';
import { useEffect, useRef, useState } from 'react';
import { type LayoutDirection, layoutTopology, structureKey, type TopologyLayout } from './layout';

/**
 * The layout of the graph shown (direction, level limit), recomputed only when what decides it
 * changes ({@link structureKey}); until the new one is ready the previous places stay on screen.
 */
export function useTopologyLayout(graph: Topology | undefined, direction: LayoutDirection, maxLevel: number) {
  const key = graph ? structureKey(graph, direction, maxLevel) : null;
  const [layout, setLayout] = useState<{ key: string; value: TopologyLayout } | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  // The graph of the latest render, read when the key changes (the key already says what matters).
  const latest = useRef(graph);
  latest.current = graph;
  useEffect(() => {
    const g = latest.current;
    if (key === null || !g) return;
    let current = true;
    layoutTopology(g, direction, maxLevel).then(
      (value) => {
        if (current) {
          setLayout({ key, value });
          setFailed(null);
        }
      },
      (err: unknown) => {
        if (current) setFailed(err instanceof Error ? err : new Error(String(err)));
      },
    );
    return () => {
      current = false;
    };
  }, [key, direction, maxLevel]);
  return { layout: layout?.value ?? null, layoutKey: layout?.key ?? null, failed };
}

/**
 * From this many nodes a network is large: React Flow keeps only the nodes on screen in the page,
 * and the overview drawing takes over from a closer zoom. A small one keeps every node in the page
 * (find in page and screen readers see them all) and its nodes down to a smaller zoom.
 */
export const LARGE_NETWORK_NODES = 200;

/**
 * Below this zoom a node's words cannot be read (they read from 0.6, the first view's smallest
 * zoom; at 0.2 they are under 3 pixels high): the drawing is the overview's canvas (overview.ts) —
 * each node its box, status and type colour, links without labels — and React Flow draws no node.
 * Page elements for 1,000 devices cost the browser a restyle, layout and paint of every node on
 * each frame of a pan (the `topology-ui` bench), and turning the overview into nodes mounts those
 * on screen at once — fewer the closer in that happens, so a large network switches at 0.4 (words
 * 5 pixels high), a small one at 0.2.
 */
export function detailMinZoom(nodeCount: number): number {
  return nodeCount > LARGE_NETWORK_NODES ? 0.4 : 0.2;
}

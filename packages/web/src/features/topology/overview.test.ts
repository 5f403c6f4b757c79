import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import { busStarts, type FlowNode, linkPoints, nodeAt } from './overview';
import { flowNode } from './testNodes';

describe('the zoomed-out overview', () => {
  const parent = flowNode('p', 0, 0);
  const below = flowNode('c', 0, 200);
  const aside = flowNode('d', 400, 200);

  it('draws a link as the page does: straight when aligned, else a step through the parent’s bus', () => {
    const mid = NODE_WIDTH / 2;
    expect(linkPoints(parent, below, 'vertical')).toEqual([
      { x: mid, y: NODE_HEIGHT },
      { x: mid, y: 200 },
    ]);
    expect(linkPoints(parent, aside, 'vertical')).toEqual([
      { x: mid, y: NODE_HEIGHT },
      { x: mid, y: NODE_HEIGHT + 22 },
      { x: 400 + mid, y: NODE_HEIGHT + 22 },
      { x: 400 + mid, y: 200 },
    ]);
    const right = flowNode('r', 400, 0);
    expect(linkPoints(parent, right, 'horizontal')).toEqual([
      { x: NODE_WIDTH, y: NODE_HEIGHT / 2 },
      { x: 400, y: NODE_HEIGHT / 2 },
    ]);
    expect(linkPoints(parent, aside, 'horizontal')[1]).toEqual({ x: NODE_WIDTH + 22, y: NODE_HEIGHT / 2 });
  });

  it('finds the node under a click in the drawing’s coordinates, none between nodes', () => {
    const nodes = [parent, below, aside];
    expect(nodeAt(nodes, { x: 10, y: 10 })?.id).toBe('p');
    expect(nodeAt(nodes, { x: 400 + NODE_WIDTH, y: 200 + NODE_HEIGHT })?.id).toBe('d');
    expect(nodeAt(nodes, { x: 300, y: 100 })).toBeUndefined();
  });

  it('gives each later sibling its own piece of the bus, from the previous sibling’s drop', () => {
    // Children centred at -492, -192, 108 (below the parent), 408 and 708.
    const kids = [-600, -300, 0, 300, 600].map((x) => flowNode(`k${x}`, x, 200));
    const links = kids.map((k) => ({ id: k.id, source: 'p', target: k.id }));
    const starts = busStarts([parent, ...kids], links, 'vertical');
    const mid = NODE_WIDTH / 2;
    expect(Object.fromEntries(starts)).toEqual({ 'k-600': -300 + mid, k600: 300 + mid });
    expect(linkPoints(parent, kids[4] as FlowNode, 'vertical', 300 + mid)).toEqual([
      { x: 300 + mid, y: NODE_HEIGHT + 22 },
      { x: 600 + mid, y: NODE_HEIGHT + 22 },
      { x: 600 + mid, y: 200 },
    ]);
  });

  it('starts a link from the nearest sibling whose link looks the same, else from the parent', () => {
    // To the right: an up link, a down one, an up one. The second up link continues the first's
    // bus; the down one, drawn over it, does not break the up links' bus near the parent.
    const kids = [300, 600, 900].map((x) => flowNode(`r${x}`, x, 200));
    const looks = ['up', 'down', 'up'];
    const links = kids.map((k, i) => ({ id: k.id, source: 'p', target: k.id, look: looks[i] }));
    const starts = busStarts([parent, ...kids], links, 'vertical');
    expect(Object.fromEntries(starts)).toEqual({ r900: 300 + NODE_WIDTH / 2 });
  });
});

import { describe, expect, it } from 'vitest';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import { linkGeometry, linksInView, viewRect } from './linkCulling';
import { busStarts } from './overview';
import { flowNode } from './testNodes';

describe('links on screen of a large network', () => {
  // A parent and eleven children in a row below it, 300 apart: the parent's bus runs at y = 90.
  const parent = flowNode('p', 0, 0);
  const children = Array.from({ length: 11 }, (_, i) => flowNode(`c${i * 300}`, i * 300, 200));
  const links = children.map((c) => ({ id: `to-${c.id}`, source: 'p', target: c.id }));
  const starts = busStarts([parent, ...children], links, 'vertical');
  const edges = links.map((l) => ({ ...l, data: { busFrom: starts.get(l.id) } }));
  const geometry = linkGeometry([parent, ...children], edges, 'vertical');
  const ids = (key: string) => key.split('\n').filter(Boolean);
  const bus = NODE_HEIGHT + 22;

  it('keeps a link whose drop into its child is on screen, not the siblings whose bus is off it', () => {
    // Below the bus, around the child at x = 300 (its drop is at 300 + 108).
    expect(ids(linksInView(geometry, { x1: 250, y1: bus + 20, x2: 450, y2: 300 }))).toEqual(['to-c300']);
  });

  it('keeps the links whose own piece of the bus crosses the view, though both their ends are off screen', () => {
    // Each link draws the bus from the previous sibling's drop (x + 108) to its own: the pieces
    // 708–1008 (to the child at 900) and 1008–1308 (at 1200) cross 1000–1100.
    const across = { x1: 1000, y1: bus - 10, x2: 1100, y2: bus + 10 };
    expect(ids(linksInView(geometry, across))).toEqual(['to-c900', 'to-c1200']);
    // Were every link drawn from the parent, every farther sibling's would cross it.
    const whole = linkGeometry([parent, ...children], links, 'vertical');
    const farther = children.filter((c) => c.position.x + NODE_WIDTH / 2 >= 1000);
    expect(ids(linksInView(whole, across))).toHaveLength(farther.length);
    expect(farther).toHaveLength(8);
  });

  it('keeps nothing far from every link, and knows no link to a node it was not given', () => {
    expect(linksInView(geometry, { x1: 5000, y1: 5000, x2: 6000, y2: 6000 })).toBe('');
    expect(linkGeometry([parent], edges, 'vertical')).toEqual([]);
  });

  it('turns the viewport into the drawing’s rectangle, grown by the margin in screen pixels', () => {
    const size = { width: 800, height: 600 };
    expect(viewRect([-100, -50, 0.5], size, 0)).toEqual({ x1: 200, y1: 100, x2: 1800, y2: 1300 });
    expect(viewRect([-100, -50, 0.5], size, 200)).toEqual({ x1: -200, y1: -300, x2: 2200, y2: 1700 });
  });
});

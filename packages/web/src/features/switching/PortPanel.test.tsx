import { PORT_TYPES } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PoeBudget } from './PoeBudget';
import { PortPanel } from './PortPanel';
import { patchPorts } from './portEdits';
import type { Selection } from './portPanelModel';
import { buildSwitchView, livePort } from './testView';

const noop = () => undefined;

function render(selection: Selection, view = buildSwitchView('NL-S108P'), ports = view.settings.ports) {
  const html = renderToStaticMarkup(
    <PortPanel view={view} ports={ports} selection={selection} onSelect={noop} onSelectAll={noop} />,
  );
  const doc = new DOMParserLite(html);
  return { html, doc };
}

/** Just enough of a parser to read the attributes of `button[data-port]` in static markup. */
class DOMParserLite {
  readonly buttons: Map<number, string>;
  constructor(html: string) {
    this.buttons = new Map();
    for (const m of html.matchAll(/<button[^>]*data-port="(\d+)"[^>]*>/g))
      this.buttons.set(Number(m[1]), m[0]);
  }
  attr(port: number, name: string): string | null {
    const tag = this.buttons.get(port) ?? '';
    const m = new RegExp(`${name}="([^"]*)"`).exec(tag);
    return m ? (m[1] ?? null) : null;
  }
}

describe('PortPanel', () => {
  it('draws every port of the model with an accessible name', () => {
    const { doc } = render({ ids: [], anchor: null });
    expect([...doc.buttons.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(doc.attr(5, 'aria-label')).toBe('Port 5, link down');
    expect(doc.attr(9, 'aria-label')).toBe('Port SFP, link down');
  });

  it('marks the selected ports as pressed and counts them', () => {
    const { doc, html } = render({ ids: [2, 3], anchor: 2 });
    expect(doc.attr(2, 'aria-pressed')).toBe('true');
    expect(doc.attr(3, 'aria-pressed')).toBe('true');
    expect(doc.attr(4, 'aria-pressed')).toBe('false');
    expect(doc.attr(2, 'class')).toContain('nl-pp-selected');
    expect(html).toContain('2 of 9 ports selected');
  });

  it('tells how to select when nothing is selected', () => {
    const { html } = render({ ids: [], anchor: null });
    expect(html).toContain('Select a port to edit it.');
  });

  it('shows link, PoE draw, uplink, trunk and disabled markers', () => {
    const base = buildSwitchView('NL-S108P', {
      device: { uplinkPort: 1 },
      live: [livePort(1), livePort(2, { speed: 100, poeOn: true, poeWatts: 12.3 })],
    });
    const ports = patchPorts(patchPorts(base.settings, [1], { type: PORT_TYPES.TRUNK }), [6], {
      enabled: false,
    }).ports;
    const { doc, html } = render({ ids: [], anchor: null }, base, ports);
    expect(doc.attr(1, 'data-look')).toBe('up');
    expect(doc.attr(1, 'data-uplink')).toBe('true');
    expect(doc.attr(1, 'data-trunk')).toBe('true');
    expect(doc.attr(2, 'data-look')).toBe('slow');
    expect(doc.attr(2, 'data-uplink')).toBeNull();
    expect(doc.attr(6, 'data-look')).toBe('disabled');
    expect(doc.attr(6, 'class')).toContain('nl-pp-disabled');
    expect(html).toContain('12.3W');
    expect(html).toContain('Link below 1 Gbps'); // legend
  });

  it('keeps ports outside the switching document out of the selection (disabled)', () => {
    const view = buildSwitchView('NL-S108P');
    const ports = view.settings.ports.filter((p) => p.id !== 9);
    const { doc } = render({ ids: [], anchor: null }, view, ports);
    expect(doc.attr(9, 'disabled')).toBe('');
    expect(doc.attr(8, 'disabled')).toBeNull();
  });
});

describe('PoeBudget', () => {
  it('shows total, used and remaining watts', () => {
    const html = renderToStaticMarkup(
      <PoeBudget poe={{ totalWatts: 120, usedWatts: 46.5, remainingWatts: 73.5 }} online />,
    );
    expect(html).toMatch(/Total<\/dt><dd[^>]*>120 W</);
    expect(html).toMatch(/Used<\/dt><dd[^>]*>46.5 W</);
    expect(html).toMatch(/Remaining<\/dt><dd[^>]*>73.5 W</);
    expect(html).not.toContain('offline');
  });

  it('says there are no live readings while the switch is offline', () => {
    const html = renderToStaticMarkup(
      <PoeBudget poe={{ totalWatts: 120, usedWatts: 0, remainingWatts: 120 }} online={false} />,
    );
    expect(html).toContain('The switch is offline: no live PoE readings until it reconnects.');
  });
});

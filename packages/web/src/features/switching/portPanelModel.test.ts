import { PORT_TYPES } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { patchPorts } from './portEdits';
import {
  EMPTY_SELECTION,
  nextSelection,
  panelLayout,
  portAriaLabel,
  selectAll,
  speedLabel,
  toPanelPort,
} from './portPanelModel';
import { buildSwitchView, livePort } from './testView';

const ids = (ports: { spec: { id: number } }[]) => ports.map((p) => p.spec.id);

describe('panel layout', () => {
  it('draws up to 10 copper ports in one row with the SFP cage apart', () => {
    const view = buildSwitchView('NL-S108P');
    const layout = panelLayout(view, view.settings.ports);
    expect(layout.rows.map(ids)).toEqual([[1, 2, 3, 4, 5, 6, 7, 8]]);
    expect(layout.cages.map(ids)).toEqual([[9]]);
  });

  it('draws more than 10 ports in two rows, odd numbers on top, SFP pairs at the right', () => {
    const view = buildSwitchView('NL-S124P');
    const layout = panelLayout(view, view.settings.ports);
    expect(layout.rows).toHaveLength(2);
    expect(ids(layout.rows[0] ?? [])).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
    expect(ids(layout.rows[1] ?? [])).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
    for (const col of layout.cages) for (const p of col) expect(p.spec.media).not.toBe('copper');
    expect(layout.cages.flat().length).toBe(view.ports.filter((p) => p.media !== 'copper').length);
  });
});

describe('port markers', () => {
  const view = buildSwitchView('NL-S108P', {
    device: { uplinkPort: 8 },
    live: [
      livePort(1),
      livePort(2, { speed: 100, poeOn: true, poeWatts: 6.5 }),
      livePort(3, { link: 'down', speed: 0 }),
      livePort(8),
    ],
  });
  const settings = patchPorts(patchPorts(view.settings, [4], { enabled: false }), [8], {
    type: PORT_TYPES.TRUNK,
    tagged: [20],
  });
  const layout = panelLayout(view, settings.ports);
  const port = (id: number) => layout.rows.flat().find((p) => p.spec.id === id);

  it('shows link green at 1 Gbps, amber below, grey without link and crossed out when disabled', () => {
    expect(port(1)?.look).toBe('up');
    expect(port(2)?.look).toBe('slow');
    expect(port(3)?.look).toBe('down');
    expect(port(4)?.look).toBe('disabled');
    expect(port(1)?.speed).toBe('1G');
    expect(port(2)?.speed).toBe('100M');
    expect(port(3)?.speed).toBe('');
  });

  it('marks PoE draw, the uplink and trunk ports from the settings being edited', () => {
    expect(port(2)?.poeWatts).toBe(6.5);
    expect(port(1)?.poeWatts).toBeNull();
    expect(port(8)?.uplink).toBe(true);
    expect(port(8)?.trunk).toBe(true);
    expect(port(1)?.trunk).toBe(false);
  });

  it('names each port for assistive technology', () => {
    const p2 = port(2);
    const p8 = port(8);
    if (!p2 || !p8) throw new Error('ports missing');
    expect(portAriaLabel(p2)).toBe('Port 2, link up, 100 Mbps full duplex, PoE 6.5 W');
    expect(portAriaLabel(p8)).toBe('Port 8, link up, 1 Gbps full duplex, trunk, uplink');
    const p4 = port(4);
    if (!p4) throw new Error('port 4 missing');
    expect(portAriaLabel(p4)).toBe('Port 4, disabled');
  });

  it('shows no speed on a disabled port even if the device still reports a link', () => {
    const spec = view.ports[0];
    if (!spec) throw new Error('no port');
    const p = toPanelPort(spec, { ...view.settings.ports[0], enabled: false } as never, livePort(1), null);
    expect(p.look).toBe('disabled');
    expect(p.speed).toBe('');
  });

  it('formats speeds', () => {
    expect(speedLabel(0)).toBe('');
    expect(speedLabel(10)).toBe('10M');
    expect(speedLabel(2500)).toBe('2.5G');
    expect(speedLabel(10000)).toBe('10G');
  });
});

describe('selection', () => {
  const order = [1, 2, 3, 4, 5, 6, 7, 8, 9];

  it('selects one port on a plain click, replacing the selection', () => {
    const s = nextSelection({ ids: [1, 2], anchor: 1 }, { id: 5 }, order);
    expect(s).toEqual({ ids: [5], anchor: 5 });
  });

  it('toggles with ctrl/cmd and keeps the others', () => {
    let s = nextSelection(EMPTY_SELECTION, { id: 3 }, order);
    s = nextSelection(s, { id: 6, toggle: true }, order);
    expect(s.ids).toEqual([3, 6]);
    s = nextSelection(s, { id: 3, toggle: true }, order);
    expect(s.ids).toEqual([6]);
  });

  it('selects a range from the anchor with shift, in either direction', () => {
    let s = nextSelection(EMPTY_SELECTION, { id: 6 }, order);
    s = nextSelection(s, { id: 3, shift: true }, order);
    expect(s.ids).toEqual([3, 4, 5, 6]);
    s = nextSelection(s, { id: 8, shift: true }, order);
    expect(s.ids).toEqual([6, 7, 8]);
  });

  it('adds a range to the selection with shift+ctrl', () => {
    let s = nextSelection(EMPTY_SELECTION, { id: 1 }, order);
    s = nextSelection(s, { id: 5, toggle: true }, order);
    s = nextSelection(s, { id: 7, shift: true, toggle: true }, order);
    expect(s.ids).toEqual([1, 5, 6, 7]);
  });

  it('ignores ports that cannot be edited and selects all on request', () => {
    const s = nextSelection({ ids: [2], anchor: 2 }, { id: 42 }, order);
    expect(s.ids).toEqual([2]);
    expect(selectAll(order).ids).toEqual(order);
  });
});

import { type LivePort, PORT_TYPES, type PortSettings, type SwitchConfigView } from '@netloom/domain';

/**
 * Pure helpers of the port panel: how the front is laid out (printed order, two rows with odd
 * numbers on top past 10 ports, SFP cages apart on the right), what each port shows, and how
 * clicks change the selection. Kept out of the components so they can be tested without a DOM.
 */

export type ModelPort = SwitchConfigView['ports'][number];

/** How a port looks: link up at 1 Gbps or more, up below that, down, or administratively off. */
export type PortLook = 'up' | 'slow' | 'down' | 'disabled';

export interface PanelPort {
  spec: ModelPort;
  /** The desired settings being edited (absent for ports the document does not cover, e.g. WAN). */
  settings: PortSettings | undefined;
  live: LivePort | undefined;
  look: PortLook;
  /** "1G", "100M", "" when no link. */
  speed: string;
  /** PoE draw in W when the port powers something now. */
  poeWatts: number | null;
  uplink: boolean;
  trunk: boolean;
}

export interface PanelLayout {
  /** Copper ports: one row (≤ 10) or two rows, odd ids on top. */
  rows: PanelPort[][];
  /** SFP / SFP+ cages, drawn apart at the right (one column per pair). */
  cages: PanelPort[][];
}

export function speedLabel(mbps: number): string {
  if (mbps <= 0) return '';
  if (mbps >= 1000) return `${mbps / 1000}G`;
  return `${mbps}M`;
}

/** A speed for people: "1 Gbps", "100 Mbps". */
export function speedText(mbps: number): string {
  if (mbps >= 1000) return `${mbps / 1000} Gbps`;
  return `${mbps} Mbps`;
}

export function toPanelPort(
  spec: ModelPort,
  settings: PortSettings | undefined,
  live: LivePort | undefined,
  uplinkPort: number | null,
): PanelPort {
  const enabled = settings?.enabled ?? true;
  const linked = live?.link === 'up';
  const look: PortLook = !enabled
    ? 'disabled'
    : !linked
      ? 'down'
      : (live?.speed ?? 0) >= 1000
        ? 'up'
        : 'slow';
  const poeWatts = live?.poeOn && (live.poeWatts ?? 0) > 0 ? (live.poeWatts ?? 0) : null;
  return {
    spec,
    settings,
    live,
    look,
    speed: linked && enabled ? speedLabel(live?.speed ?? 0) : '',
    poeWatts,
    uplink: uplinkPort === spec.id,
    trunk: settings?.type === PORT_TYPES.TRUNK,
  };
}

/** The front of the device from the view and the settings being edited. */
export function panelLayout(
  view: Pick<SwitchConfigView, 'ports' | 'live' | 'device'>,
  ports: readonly PortSettings[],
): PanelLayout {
  const byId = new Map(ports.map((p) => [p.id, p]));
  const liveById = new Map(view.live.map((l) => [l.id, l]));
  const all = [...view.ports]
    .sort((a, b) => a.id - b.id)
    .map((spec) => toPanelPort(spec, byId.get(spec.id), liveById.get(spec.id), view.device.uplinkPort));
  const copper = all.filter((p) => p.spec.media === 'copper');
  const sfp = all.filter((p) => p.spec.media !== 'copper');
  const twoRows = copper.length > 10;
  const rows = twoRows
    ? [copper.filter((_, i) => i % 2 === 0), copper.filter((_, i) => i % 2 === 1)]
    : [copper];
  const cages: PanelPort[][] = [];
  for (let i = 0; i < sfp.length; i += twoRows ? 2 : 1) cages.push(sfp.slice(i, i + (twoRows ? 2 : 1)));
  return { rows: rows.filter((r) => r.length > 0), cages };
}

/** Ports the user can select and edit: the ones the switching document covers, in id order. */
export function editablePortIds(ports: readonly PortSettings[]): number[] {
  return ports.map((p) => p.id).sort((a, b) => a - b);
}

export interface SelectionClick {
  id: number;
  /** Shift: extend from the anchor to this port. */
  shift?: boolean;
  /** Ctrl / Cmd: toggle this port, keep the rest. */
  toggle?: boolean;
}

export interface Selection {
  ids: readonly number[];
  /** The last port clicked without shift: where a shift range starts. */
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: [], anchor: null };

/**
 * The selection after a click on a port: plain click selects only it, ctrl/cmd toggles it, shift
 * selects the range (in id order) from the anchor. `order` is every selectable id.
 */
export function nextSelection(
  current: Selection,
  click: SelectionClick,
  order: readonly number[],
): Selection {
  if (!order.includes(click.id)) return current;
  if (click.shift && current.anchor !== null && order.includes(current.anchor)) {
    const a = order.indexOf(current.anchor);
    const b = order.indexOf(click.id);
    const range = order.slice(Math.min(a, b), Math.max(a, b) + 1);
    const ids = click.toggle ? [...new Set([...current.ids, ...range])] : range;
    return { ids: sortIds(ids, order), anchor: current.anchor };
  }
  if (click.toggle) {
    const has = current.ids.includes(click.id);
    const ids = has ? current.ids.filter((i) => i !== click.id) : [...current.ids, click.id];
    return { ids: sortIds(ids, order), anchor: click.id };
  }
  return { ids: [click.id], anchor: click.id };
}

export function selectAll(order: readonly number[]): Selection {
  return { ids: [...order], anchor: order[0] ?? null };
}

function sortIds(ids: readonly number[], order: readonly number[]): number[] {
  return [...ids].sort((x, y) => order.indexOf(x) - order.indexOf(y));
}

/** The accessible name of a port: "Port 5, link up, 1 Gbps full duplex, PoE 6.5 W, uplink". */
export function portAriaLabel(p: PanelPort): string {
  const parts = [`Port ${p.spec.label}`];
  if (p.look === 'disabled') parts.push('disabled');
  else if (p.live?.link === 'up') {
    parts.push('link up');
    if (p.live.speed > 0) parts.push(`${speedText(p.live.speed)} ${p.live.duplex} duplex`);
  } else parts.push('link down');
  if (p.poeWatts !== null) parts.push(`PoE ${formatWatts(p.poeWatts)}`);
  if (p.trunk) parts.push('trunk');
  if (p.uplink) parts.push('uplink');
  return parts.join(', ');
}

/** "6.5 W", "120 W": one decimal at most. */
export function formatWatts(w: number): string {
  return `${Math.round(w * 10) / 10} W`;
}

/**
 * Supported cloud-version models (spec §2 named screen "supported cloud-version models"; issue 15
 * §2): every model of the catalogue as a signed-in user sees it — picture, type, ports, radios, PoE
 * and the latest firmware with its release date. The facts come from the catalogue, written once.
 */
import type { DeviceModel, ModelKind, RadioBand } from '../models/types';

/** The picture of a model: one small vector illustration per kind of device (the web draws them). */
export const MODEL_PICTURES = ['router', 'ap', 'switch', 'gateway', 'cpe', 'nvr', 'camera'] as const;
export type ModelPicture = (typeof MODEL_PICTURES)[number];

const PICTURE_OF_KIND: Record<ModelKind, ModelPicture> = {
  router: 'router',
  wrouter: 'router',
  mesh: 'router',
  v7: 'gateway',
  ap: 'ap',
  switch: 'switch',
  cpe: 'cpe',
  nvr: 'nvr',
  ipc: 'camera',
};

/** Which illustration a model shows. */
export function pictureOf(model: Pick<DeviceModel, 'kind'>): ModelPicture {
  return PICTURE_OF_KIND[model.kind];
}

/** The type filter's words for each catalogue kind. */
export const MODEL_KIND_LABELS: Record<ModelKind, string> = {
  router: 'Router',
  v7: 'Gateway',
  wrouter: 'Wireless router',
  mesh: 'Mesh router',
  ap: 'Access point',
  switch: 'Switch',
  cpe: 'CPE bridge',
  nvr: 'NVR',
  ipc: 'IP camera',
};

/** "8 × 1G, 2 × SFP+ 10G": a model's ports in groups of the same connector and speed. */
export function portSummary(model: Pick<DeviceModel, 'ports'>): string {
  const groups = new Map<string, number>();
  for (const p of model.ports) {
    const speed = p.maxSpeedMbps >= 1000 ? `${p.maxSpeedMbps / 1000}G` : `${p.maxSpeedMbps}M`;
    const media = p.media === 'sfp' ? 'SFP ' : p.media === 'sfp_plus' ? 'SFP+ ' : '';
    const key = `${media}${speed}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups].map(([key, n]) => `${n} × ${key}`).join(', ');
}

/** "2.4G Wi-Fi 6 2×2 · 5G Wi-Fi 6 4×4": a model's radios, '' when it has none. */
export function radioSummary(model: Pick<DeviceModel, 'radios'>): string {
  const generation = { n: 'Wi-Fi 4', ac: 'Wi-Fi 5', ax: 'Wi-Fi 6', be: 'Wi-Fi 7' } as const;
  return model.radios
    .map(
      (r) =>
        `${r.band} ${r.band === '6G' && r.standard === 'ax' ? 'Wi-Fi 6E' : generation[r.standard]} ${r.streams}×${r.streams}`,
    )
    .join(' · ');
}

/** The bands of a model's radios, in order, once each. */
export function radioBands(model: Pick<DeviceModel, 'radios'>): RadioBand[] {
  return [...new Set(model.radios.map((r) => r.band))];
}

/** Whether a model matches the page's search text (model id, name or type, any letter case). */
export function matchesModelSearch(model: Pick<DeviceModel, 'model' | 'name' | 'kind'>, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  return [model.model, model.name, MODEL_KIND_LABELS[model.kind]].some((t) =>
    t.toLowerCase().includes(needle),
  );
}

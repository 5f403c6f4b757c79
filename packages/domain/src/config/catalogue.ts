/**
 * The settings kinds, by name: where each document lives (one per project, or one per device) and
 * what people call it. What users edit are *settings documents*, each versioned on its own; a kind's
 * behaviour (schema, rules, defaults, reach, render, diff) is its definition in the feature folder
 * of the same name (`network/kind.ts`…), composed in `kinds/`. This list is the one place a new
 * kind's name is written first: the HTTP contract validates `?kind=` and revision kinds against it.
 */

/** Where a settings document lives: one per project, or one per device. */
export type ConfigScope = 'project' | 'device';

/** Every kind of settings document, its scope and its name for people. */
export const CONFIG_KINDS = {
  network: { scope: 'project', label: 'Network settings' },
  switching: { scope: 'device', label: 'Switch ports' },
  portProfiles: { scope: 'project', label: 'Port profiles' },
  wireless: { scope: 'project', label: 'Wireless policies' },
  rf: { scope: 'project', label: 'RF optimisation and roaming' },
  radio: { scope: 'device', label: 'Radios' },
  bridge: { scope: 'device', label: 'Bridge' },
  blacklist: { scope: 'project', label: 'Client blacklist' },
} as const satisfies Record<string, { scope: ConfigScope; label: string }>;
export type ConfigKind = keyof typeof CONFIG_KINDS;
export const CONFIG_KIND_NAMES = Object.keys(CONFIG_KINDS) as ConfigKind[];
export const PROJECT_CONFIG_KINDS = CONFIG_KIND_NAMES.filter((k) => CONFIG_KINDS[k].scope === 'project');
export const DEVICE_CONFIG_KINDS = CONFIG_KIND_NAMES.filter((k) => CONFIG_KINDS[k].scope === 'device');

export function isConfigKind(s: string): s is ConfigKind {
  return Object.hasOwn(CONFIG_KINDS, s);
}

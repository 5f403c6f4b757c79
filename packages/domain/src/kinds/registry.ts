/**
 * The settings kinds, composed: every feature's kind definition in one registry, and what the
 * engine, the server and the web derive from it (schemas, model support, diff sections, settings
 * types by kind). Adding a kind: its name in `config/catalogue.ts`, its definition in its feature
 * folder, one line here (the `satisfies` below refuses a kind without a definition).
 */

import { blacklistKind } from '../blacklist/kind';
import type { ConfigKind } from '../config/catalogue';
import type { ConfigDiffEntry } from '../config/diff';
import { diffSections } from '../config/diff';
import type { SectionDef } from '../config/diffFormat';
import type { KindDefinition, KindSupport } from '../config/kind';
import { kindSupportCode } from '../config/support';
import { bridgeKind } from '../cpe/kind';
import type { DeviceModel } from '../models/types';
import { networkKind } from '../network/kind';
import { radioKind, rfKind } from '../rf/kinds';
import { switchingKind } from '../switching/kind';
import { portProfilesKind } from '../switching/profileKind';
import { wirelessKind } from '../wireless/kind';

/** Every settings kind's definition, by name (in the catalogue's order). */
export const CONFIG_KIND_DEFINITIONS = {
  network: networkKind,
  switching: switchingKind,
  portProfiles: portProfilesKind,
  wireless: wirelessKind,
  rf: rfKind,
  radio: radioKind,
  bridge: bridgeKind,
  blacklist: blacklistKind,
  // biome-ignore lint/suspicious/noExplicitAny: a registry holds kinds of every settings type
} as const satisfies { [K in ConfigKind]: KindDefinition<any, any> };

/** A kind's definition, of any settings type (the engine's view of it). */
export type AnyKindDefinition = KindDefinition<unknown>;

/** The definitions as a list, in the catalogue's order. */
export const CONFIG_KIND_LIST: readonly AnyKindDefinition[] = Object.values(CONFIG_KIND_DEFINITIONS);

/** The definition of a kind. */
export function kindDefinition(kind: ConfigKind): AnyKindDefinition {
  return CONFIG_KIND_DEFINITIONS[kind];
}

type SettingsOf<D> = D extends KindDefinition<infer S, infer _Sec> ? S : never;

/** The settings document of each kind. */
export type ConfigSettingsByKind = {
  [K in ConfigKind]: SettingsOf<(typeof CONFIG_KIND_DEFINITIONS)[K]>;
};

/** The settings schema of each kind. */
export const CONFIG_SETTINGS_SCHEMAS = Object.fromEntries(
  CONFIG_KIND_LIST.map((d) => [d.name, d.schema]),
) as { [K in ConfigKind]: (typeof CONFIG_KIND_DEFINITIONS)[K]['schema'] };

/** Which models take each kind (§6 913). */
export const CONFIG_KIND_SUPPORT = Object.fromEntries(
  CONFIG_KIND_LIST.map((d) => [d.name, d.support]),
) as Record<ConfigKind, KindSupport>;

/** How each kind reads in a diff. */
export const DIFF_SECTIONS = Object.fromEntries(CONFIG_KIND_LIST.map((d) => [d.name, d.diff])) as Record<
  ConfigKind,
  readonly SectionDef[]
>;

/**
 * Why a device cannot take a document of `kind`, as a catalogue code, or null when it can:
 * 913 the model (or an unknown model) lacks it, 415 its firmware is older than the minimum.
 */
export function configSupportCode(
  kind: ConfigKind,
  model: DeviceModel | null | undefined,
  firmware: string | null | undefined,
): number | null {
  return kindSupportCode(CONFIG_KIND_SUPPORT[kind], model, firmware);
}

/**
 * Readable differences between two versions of a document of `kind`. `before` null means factory
 * settings: `factory` when given, otherwise everything in `after` shows as added.
 */
export function diffSettings(
  kind: ConfigKind,
  before: unknown,
  after: unknown,
  factory?: unknown,
): ConfigDiffEntry[] {
  return diffSections(DIFF_SECTIONS[kind], before, after, factory);
}

/**
 * The contract of a settings kind (docs/architecture.md "Configuration engine"): everything the
 * desired-state engine needs to save, check, deliver and show one kind of settings document, as one
 * record its feature writes (`network/kind.ts`, `switching/kind.ts`…). The engine never branches on
 * a kind: it loops over these records (composed in `kinds/`).
 *
 * Kinds read each other's saved documents through {@link ProjectDocuments} (a switch port carries
 * the project's VLANs, a policy may not drop the network a CPE bridges to), each through the typed
 * reader its owner exports next to its schema (`savedNetwork(docs)`…).
 */
import type { z } from 'zod';
import { MESH_NODE_TYPES, type MeshNodeType } from '../enums/devices';
import type { DeviceCapability } from '../models/capabilities';
import type { DeviceModel, ModelKind } from '../models/types';
import type { DeviceTimeSection } from '../time/section';
import { CONFIG_KINDS, type ConfigKind, type ConfigScope } from './catalogue';
import type { SectionDef } from './diffFormat';
import type { CodedIssue } from './ruleKit';

/**
 * A device of the project as the settings kinds see it: what it is, and what it reports live (the
 * server's device facts carry these fields, overlaid with its latest `state`).
 */
export interface KindDevice {
  deviceId: number;
  name: string;
  /** The device type: a model kind (`switch`, `v7`, `mesh`…), or `unknown` before its first hello. */
  type: string;
  model: DeviceModel | null;
  /** Mesh units: primary or secondary (null when not reported). */
  meshRole: MeshNodeType | null;
  online: boolean;
  /** Port links from its latest full state (empty when never reported). */
  ports: readonly { id: number; link: string }[];
  /** Routers: each WAN port's link and the address it holds now (DHCP/PPPoE ones only it knows). */
  wan: readonly { port: number; up: boolean; ip?: string | undefined; mask?: string | undefined }[];
  /** Its own port its wired uplink leaves from, when reported. */
  uplinkPort: number | null;
}

/** What rendering needs of a device: the device itself, and the type of every device of its project. */
export type RenderDevice = Pick<KindDevice, 'deviceId' | 'type' | 'model' | 'meshRole'>;
/** A device of the project by id and type only (enough to tell who routes the project). */
export interface ProjectDeviceType {
  deviceId: number;
  type: string;
}

/** The render kind of a device: its model's kind, else its type (`unknown` before its hello). */
export function deviceKindOf(d: Pick<KindDevice, 'model' | 'type'>): ModelKind | 'unknown' {
  return (d.model?.kind ?? d.type) as ModelKind | 'unknown';
}

/** §6: a secondary mesh node broadcasts its primary's settings and is never configured itself. */
export function isSecondaryMeshNode(d: Pick<KindDevice, 'model' | 'type' | 'meshRole'>): boolean {
  return deviceKindOf(d) === 'mesh' && d.meshRole === MESH_NODE_TYPES.SECONDARY;
}

/**
 * The saved settings documents of one project, parsed (a kind never saved is absent). Read a
 * kind's documents through its owner's typed reader, not by name.
 */
export interface ProjectDocuments {
  /** Project-level documents by kind. */
  readonly project: Readonly<Partial<Record<ConfigKind, unknown>>>;
  /** Device-level documents by device id, then kind. */
  readonly devices: ReadonlyMap<number, Readonly<Partial<Record<ConfigKind, unknown>>>>;
}

/** No document saved yet. */
export const NO_DOCUMENTS: ProjectDocuments = { project: {}, devices: new Map() };

/** Every saved document of a device-level kind, by device id. */
export function savedByDevice(docs: ProjectDocuments, kind: ConfigKind): Map<number, unknown> {
  const out = new Map<number, unknown>();
  for (const [deviceId, saved] of docs.devices) if (saved[kind] !== undefined) out.set(deviceId, saved[kind]);
  return out;
}

/** Which models take a kind of settings document (§6 913), and the capability they need. */
export interface KindSupport {
  /** Model kinds that take the document. */
  kinds: readonly ModelKind[];
  /** A capability the model must have, if any. */
  capability: DeviceCapability | null;
}

/** Where a save happens: the project's devices, the document's device (device-level kinds), the documents saved. */
export interface KindContext {
  devices: readonly KindDevice[];
  /** The device of a device-level document (undefined for a project-level one). */
  target: KindDevice | undefined;
  docs: ProjectDocuments;
}

/** What the §5 rules of a save read besides the settings: the context and the settings saved before. */
export interface IssueContext<S> extends KindContext {
  /** The settings saved before (null = never saved). */
  previous: S | null;
}

/** What rendering one device's document reads. */
export interface RenderContext {
  device: RenderDevice;
  /** Every device of the device's project, by type (who routes the project). */
  devices: readonly ProjectDeviceType[];
  docs: ProjectDocuments;
  /**
   * The project's clock (`time` section, issue 10 §6), added to every document that has a section;
   * absent where the caller renders no clock (the kinds' own tests).
   */
  time?: DeviceTimeSection;
}

/** The device-document sections a kind renders, each with its schema (docs/protocol.md §7.1). */
export type KindSectionShape = Record<string, z.ZodType>;
/** What a kind's `render` returns: some of its sections. */
export type KindSections<Sec extends KindSectionShape> = { [K in keyof Sec]?: z.output<Sec[K]> };

/**
 * One settings kind. `S` is its settings document, `Sec` the device-document sections it renders.
 * Methods (not function properties) keep a record of any kind assignable to the registry's type.
 */
export interface KindDefinition<S = unknown, Sec extends KindSectionShape = KindSectionShape> {
  /** Its name in the database, the API path and the history (`CONFIG_KINDS`). */
  readonly name: ConfigKind;
  /** One document per project, or one per device. */
  readonly scope: ConfigScope;
  /** What people call it (history, audit). */
  readonly label: string;
  /** The shape of its settings document (a save that does not parse is refused with 400). */
  readonly schema: z.ZodType<S>;
  /** Which models take it (device-level saves on others are refused with 913). */
  readonly support: KindSupport;
  /** The sections of the device document it renders, with their schemas. */
  readonly sections: Sec;
  /** How its document reads in a diff and in the change summary. */
  readonly diff: readonly SectionDef[];
  /**
   * Its factory settings: what the page shows at version 0, and what a first save is compared with
   * (undefined when there is nothing to compare with, e.g. a switch whose model is unknown).
   */
  factory(ctx: KindContext): S | undefined;
  /** The devices a change of this document may reach (those rendering nothing for it are left out). */
  reach(ctx: KindContext): KindDevice[];
  /** Its part of one device's document (an empty object when it gives the device nothing). */
  render(settings: S | undefined, ctx: RenderContext): KindSections<Sec>;
  /** Its §5 rules, each broken one with its §8 code; empty when the settings may be saved. */
  issues(settings: S, ctx: IssueContext<S>): CodedIssue[];
}

/** What a feature writes for a kind: its definition without the catalogue's name, scope and label. */
export type KindDefinitionBody<S, Sec extends KindSectionShape> = Omit<
  KindDefinition<S, Sec>,
  'name' | 'scope' | 'label'
>;

/**
 * Declares a settings kind: its scope and label come from the catalogue (`CONFIG_KINDS`), written
 * once; the body is the kind's behaviour.
 */
export function defineKind<S, Sec extends KindSectionShape>(
  name: ConfigKind,
  body: KindDefinitionBody<S, Sec>,
): KindDefinition<S, Sec> {
  const { scope, label } = CONFIG_KINDS[name];
  return { name, scope, label, ...body };
}

/** The reach of a device-level kind: its own device. */
export function reachTarget(ctx: KindContext): KindDevice[] {
  return ctx.target ? [ctx.target] : [];
}

/**
 * The settings kinds as the engine holds them: each is its domain definition (schema, rules,
 * factory settings, reach, render, diff) plus the server-only hooks its feature declares when it
 * registers it — checks that need runtime state the domain cannot see. The engine loops over these
 * records; it never names a kind.
 */
import {
  CONFIG_KIND_NAMES,
  type CodedIssue,
  type ConfigKind,
  type IssueContext,
  type KindDefinition,
  kindDefinition,
} from '@netloom/domain';
import type { DeviceFacts } from './facts';

/** The context of a save as the server hooks see it (devices with everything the engine knows). */
export interface ServerIssueContext<S> extends IssueContext<S> {
  devices: readonly DeviceFacts[];
  target: DeviceFacts | undefined;
}

/** One settings kind registered with the engine by the feature that owns it. */
export interface KindRecord<S = unknown> {
  definition: KindDefinition<S>;
  /**
   * Refuses every user save of the kind while it must not change (throws an AppError), e.g. RF
   * settings and radios while an optimisation runs (27). System saves are not guarded.
   */
  guard?(projectId: number): void | Promise<void>;
  /**
   * §5 rules that need runtime state, checked after the definition's own (e.g. a CPE's uplink must
   * be a network of its latest Wi-Fi search, 418).
   */
  issues?(settings: S, ctx: ServerIssueContext<S>): CodedIssue[];
}

/** The registered kinds, by name. */
export class KindRegistry {
  private readonly records = new Map<ConfigKind, KindRecord>();

  /** Registers a kind; its definition must be the domain's (the one every device document renders). */
  register<S>(record: KindRecord<S>): void {
    const name = record.definition.name;
    if (this.records.has(name)) throw new Error(`settings kind "${name}" is registered twice`);
    if ((kindDefinition(name) as KindDefinition<unknown>) !== (record.definition as KindDefinition<unknown>))
      throw new Error(`settings kind "${name}" is not the domain's definition`);
    this.records.set(name, record as KindRecord);
  }

  /** The record of a kind (every kind is registered once the app starts, see {@link assertComplete}). */
  get(kind: ConfigKind): KindRecord {
    const record = this.records.get(kind);
    if (!record) throw new Error(`settings kind "${kind}" is not registered`);
    return record;
  }

  /**
   * Every kind of the domain catalogue must have its feature in the app: a device document rendered
   * without one would drop its section, so the app refuses to start instead.
   */
  assertComplete(): void {
    const missing = CONFIG_KIND_NAMES.filter((k) => !this.records.has(k));
    if (missing.length > 0) throw new Error(`settings kinds without a feature: ${missing.join(', ')}`);
  }
}

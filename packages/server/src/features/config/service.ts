import {
  type AuditAction,
  CONFIG_KINDS,
  type ConfigConflict,
  type ConfigKind,
  type DeliveryReport,
  defaultNetworkSettings,
  defaultSwitchSettings,
  diffSettings,
  ERR,
  errorMessage,
  type NetworkSettings,
  type SaveConfigResult,
  type SwitchSettings,
  summarizeDiff,
  WIFI_POLICY_KINDS,
} from '@netloom/domain';
import { isUniqueViolation } from '../../db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { factorySettings } from './defaults';
import type { ConfigEngine } from './engine';
import { type DeviceFacts, type FactsSource, gatewayOf, kindOf, projectDevices } from './facts';
import { parseDocuments, renderFor, skipOf, takesNetwork } from './render';
import {
  checkDeviceConfigurable,
  networkIssues,
  parseSettings,
  refuseIssues,
  switchIssues,
  switchVlanPortsOf,
  wirelessKindIssues,
} from './rules';
import { type ConfigStore, type Exec, scopeKey } from './store';

/** One save: which document, the version it was based on, and the new settings. */
export interface SaveInput {
  kind: ConfigKind;
  /** The device of a device-level document; null for a project-level one. */
  deviceId: number | null;
  baseVersion: number;
  settings: unknown;
  /** Restores: the version whose body this save restores. */
  restoredFrom?: number;
  /** A save by the system (RF optimisation): its own change summary; not refused by save guards. */
  system?: { summary: string };
}

/** Who saves: a member of the project, or the system (account null: RF optimisation). */
export interface SaveActor {
  projectId: number;
  accountId: number | null;
}

/**
 * A check other features add before any save (RF optimisation refuses `rf`/`radio` saves while it
 * runs, 27). Throws an AppError to refuse.
 */
export type SaveGuard = (projectId: number, kind: ConfigKind) => void | Promise<void>;

/** What a `bridge` save checks its uplink against (the device's latest Wi-Fi search). */
export type UplinkSource = (
  deviceId: number,
) => readonly { bssid: string; ssid: string; channel: number }[] | null;

/**
 * Saving settings documents (issue 4 §1): shape and §5 rules, §6 device checks, optimistic
 * concurrency (a conditional UPDATE / a unique INSERT, so two concurrent saves cannot both win),
 * the revision with its change summary, the audit row, and the new desired version of every device
 * the change reaches — all in one transaction; delivery after the commit.
 */
/** The WAN-capable ports of the gateway's model, as the network view lists them (port 1 when unknown). */
function factoryWanPorts(gateway: DeviceFacts | undefined): number[] {
  const ports = (gateway?.model?.ports ?? []).filter((p) => p.role !== 'lan').map((p) => p.id);
  return ports.length > 0 ? ports : [1];
}

export class ConfigService {
  private readonly guards: SaveGuard[] = [];
  /** The latest Wi-Fi search per CPE (set by the CPE actions). */
  uplinks: UplinkSource = () => null;

  constructor(
    private readonly store: ConfigStore,
    private readonly engine: ConfigEngine,
    private readonly facts: FactsSource,
    private readonly clock: Clock,
  ) {}

  /** Adds a check run before every user save (not before system saves). */
  addGuard(guard: SaveGuard): void {
    this.guards.push(guard);
  }

  async save(access: SaveActor, input: SaveInput): Promise<SaveConfigResult> {
    const { kind, deviceId } = input;
    const { projectId, accountId } = access;
    if (!input.system) for (const guard of this.guards) await guard(projectId, kind);
    const devices = await projectDevices(this.facts, projectId);
    const target = deviceId === null ? undefined : devices.find((d) => d.deviceId === deviceId);
    if (deviceId !== null && !target) throw new AppError(ERR.DEVICE_NOT_FOUND);
    if (target) checkDeviceConfigurable(target, kind);

    const settings = parseSettings(kind, input.settings);
    const docs = await this.store.documentsOfProject(this.store.db, projectId);
    const current = docs.find((d) => d.kind === kind && d.scope_key === scopeKey(deviceId));
    const previous = current ? (JSON.parse(current.body) as unknown) : null;
    const parsedDocs = parseDocuments(docs);
    const network = parsedDocs.network;
    if (kind === 'network') {
      const gateway = devices.find((d) => takesNetwork(d, devices)) ?? gatewayOf(devices);
      refuseIssues(
        networkIssues(
          settings as NetworkSettings,
          gateway,
          previous as NetworkSettings | null,
          switchVlanPortsOf(parsedDocs, devices),
        ),
      );
    } else if (kind === 'switching') {
      if (target)
        refuseIssues(
          switchIssues(settings as SwitchSettings, target, network, previous as SwitchSettings | null),
        );
    } else {
      refuseIssues(
        wirelessKindIssues(kind, settings, {
          devices,
          target,
          docs: parsedDocs,
          previous,
          uplinks: this.uplinks,
        }),
      );
    }
    if ((current?.version ?? 0) !== input.baseVersion) throw await this.conflict(projectId, input);

    const now = this.clock.now();
    // A first save is compared with the factory settings the view showed, so the summary names
    // what the user changed rather than listing every default as "added".
    const gatewayForFactory =
      kind === 'network' ? (devices.find((d) => takesNetwork(d, devices)) ?? gatewayOf(devices)) : undefined;
    const factory =
      kind === 'network'
        ? defaultNetworkSettings(factoryWanPorts(gatewayForFactory))
        : kind === 'switching'
          ? target?.model
            ? defaultSwitchSettings(target.model)
            : undefined
          : factorySettings(kind, target);
    const summary = input.system?.summary ?? summarizeDiff(diffSettings(kind, previous, settings, factory));
    const version = input.baseVersion + 1;
    const body = JSON.stringify(settings);
    const affected = this.affected(kind, devices, target);
    const skipped: DeliveryReport['skipped'] = [];
    let staged: Awaited<ReturnType<ConfigEngine['stage']>> = [];
    let targets: DeviceFacts[] = [];
    let revisionId = 0;
    try {
      await this.store.db.transaction().execute(async (tx) => {
        const documentId = await this.writeDocument(tx, input, projectId, accountId, body, now);
        revisionId = await this.store.insertRevision(tx, {
          document_id: documentId,
          project_id: projectId,
          device_id: deviceId,
          kind,
          version,
          body,
          summary,
          account_id: accountId,
          created_at: now,
          restored_from: input.restoredFrom ?? null,
        });
        await this.audit(tx, access, target ?? null, input.restoredFrom ? 'config.restore' : 'config.save', {
          summary: auditSummary(kind, version, summary, input.restoredFrom),
          at: now,
        });
        const saved = parseDocuments(await this.store.documentsOfProject(tx, projectId));
        const renders = [];
        targets = [];
        skipped.length = 0;
        for (const d of affected) {
          const skip = skipOf(d);
          if (skip) {
            skipped.push({
              deviceId: d.deviceId,
              name: d.name,
              code: skip.code,
              message: errorMessage(skip.code),
            });
            continue;
          }
          const document = renderFor(d, saved, devices);
          if (!document) continue;
          targets.push(d);
          renders.push({ deviceId: d.deviceId, document });
        }
        staged = await this.engine.stage(tx, projectId, renders, now);
      });
    } catch (err) {
      // Another save committed first (the unique INSERT or the conditional UPDATE lost the race).
      if (isUniqueViolation(err) || (err instanceof AppError && err.code === ERR.CONFIG_CONFLICT))
        throw await this.conflict(projectId, input);
      throw err;
    }
    // Publishing runs after the answer: the save is committed, and a device that misses it (the server
    // stops, the broker drops) gets it on its next hello or the reconcile tick.
    void this.engine.deliver(staged);
    this.engine.emitDocument(projectId);
    const online = targets.filter((d) => this.facts.gateway.isConnected(d.sn)).length;
    return {
      version,
      revisionId,
      summary,
      delivery: { targets: targets.length, online, queued: targets.length - online, skipped },
    };
  }

  /**
   * Devices a document reaches: the network goes to the gateway and every switch (VLAN list); Wi-Fi
   * policies and RF/roaming settings to every AP, wireless router and mesh unit (those that render
   * nothing for it are left out by the save); device documents to their device.
   */
  private affected(kind: ConfigKind, devices: readonly DeviceFacts[], target?: DeviceFacts): DeviceFacts[] {
    if (kind === 'network') return devices.filter((d) => d.type === 'switch' || takesNetwork(d, devices));
    if (kind === 'wireless' || kind === 'rf')
      return devices.filter((d) =>
        WIFI_POLICY_KINDS.includes(kindOf(d) as (typeof WIFI_POLICY_KINDS)[number]),
      );
    return target ? [target] : [];
  }

  /**
   * 414 carrying the version that got in first (who, when, what), so the user can review it and
   * keep their changes on top of it (`baseVersion` = its version) or discard them.
   */
  private async conflict(projectId: number, input: SaveInput): Promise<AppError> {
    const db = this.store.db;
    const doc = await this.store.document(db, projectId, input.deviceId, input.kind);
    const rev = doc ? await this.store.revisionOf(db, doc.id, doc.version) : undefined;
    if (!doc || !rev) return new AppError(ERR.CONFIG_CONFLICT);
    const nick = await this.store.accountNick(rev.account_id);
    const data: ConfigConflict = {
      version: doc.version,
      revisionId: rev.id,
      savedBy: rev.account_id === null ? null : { id: rev.account_id, nick: nick ?? '' },
      savedAt: rev.created_at,
      summary: rev.summary,
    };
    return new AppError(ERR.CONFIG_CONFLICT, undefined, undefined, data);
  }

  /** Version 1 by a unique INSERT, later ones by an UPDATE conditional on the base version. */
  private async writeDocument(
    tx: Exec,
    input: SaveInput,
    projectId: number,
    accountId: number | null,
    body: string,
    now: number,
  ): Promise<number> {
    if (input.baseVersion === 0) {
      return this.store.insertDocument(tx, {
        project_id: projectId,
        device_id: input.deviceId,
        scope_key: scopeKey(input.deviceId),
        kind: input.kind,
        version: 1,
        body,
        updated_at: now,
        updated_by: accountId,
      });
    }
    const doc = await this.store.document(tx, projectId, input.deviceId, input.kind);
    if (!doc) throw new AppError(ERR.CONFIG_CONFLICT);
    const ok = await this.store.advanceDocument(tx, doc.id, input.baseVersion, {
      body,
      updated_at: now,
      updated_by: accountId,
    });
    if (!ok) throw new AppError(ERR.CONFIG_CONFLICT);
    return doc.id;
  }

  /** Restores an earlier version: a new version with that body (same checks as a save). */
  async restore(access: ProjectAccess, revisionId: number, baseVersion: number): Promise<SaveConfigResult> {
    const rev = await this.store.revision(this.store.db, access.projectId, revisionId);
    if (!rev) throw new AppError(ERR.NOT_EXIST);
    return this.save(access, {
      kind: rev.kind as ConfigKind,
      deviceId: rev.device_id,
      baseVersion,
      settings: JSON.parse(rev.body) as unknown,
      restoredFrom: rev.version,
    });
  }

  async audit(
    db: Exec,
    access: SaveActor,
    device: Pick<DeviceFacts, 'deviceId' | 'name'> | null,
    action: AuditAction,
    e: { summary: string; at: number },
  ): Promise<void> {
    await this.store.insertAudit(db, {
      project_id: access.projectId,
      account_id: access.accountId,
      device_id: device?.deviceId ?? null,
      device_name: device?.name ?? null,
      action,
      summary: e.summary,
      created_at: e.at,
    });
  }
}

function auditSummary(kind: ConfigKind, version: number, summary: string, restoredFrom?: number): string {
  const label = CONFIG_KINDS[kind].label;
  return restoredFrom
    ? `${label} version ${version}: restored version ${restoredFrom}`
    : `${label} version ${version}: ${summary}`;
}

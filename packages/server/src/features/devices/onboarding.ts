import {
  DEVICE_STATUS,
  defaultDeviceName,
  ERR,
  type ErrorCode,
  errorMessage,
  normalizeSerialNumber,
  UNKNOWN_DEVICE_TYPE,
} from '@netloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../db';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import { type Clock, isoAt } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import { type HotDevice, stateOf } from './device';
import { admissionIssue, mixesFamilies } from './rules';
import type { DeviceStore, PendingRow } from './store';

/** The device plane as onboarding uses it: the registry, the gateway (broker credentials), the live bus. */
export interface OnboardingPlane {
  registry: Pick<DeviceRegistry, 'upsert' | 'remove'>;
  gateway: Pick<DeviceGateway, 'provision' | 'deprovision' | 'clearRetained' | 'isConnected'>;
  bus?: Pick<LiveBus, 'publish'> | undefined;
  /**
   * This node's hot state (the ingest path): a connected device's identity when it has no pending
   * row; `offer` records a just-deleted device it heard as a device to be verified.
   */
  hot?: { get(sn: string): HotDevice | undefined; offer?(sn: string, at: number): Promise<void> } | undefined;
}

/** What the cloud knows of a device that has talked to it: type and identity from its `hello`. */
type Seen = Pick<
  PendingRow,
  'sn' | 'type' | 'model' | 'mac' | 'firmware_version' | 'ip' | 'uplink_sn' | 'last_seen_at'
>;

/** One device to add: from the form, a claim, or an import row. */
export interface Candidate {
  sn: string;
  /** Undefined: the default name (model and the end of the SN). */
  name?: string | undefined;
  location?: string | null | undefined;
}

export type Admission =
  | { ok: true; deviceId: number; sn: string; name: string }
  | { ok: false; code: ErrorCode; message: string };

/**
 * Adding devices to a project (by SN, claim, import): every candidate passes the same rules in one
 * transaction that holds the project (so two concurrent adds cannot both take the one gateway
 * slot), then the registry learns the devices and the broker gets their credentials.
 */
export class Onboarding {
  constructor(
    private readonly store: DeviceStore,
    private readonly plane: OnboardingPlane,
    private readonly clock: Clock,
    private readonly logger: FastifyBaseLogger,
    private readonly accountDeviceLimit: number,
  ) {}

  /**
   * Admits candidates in order; each gets an outcome. `batch`: a set that mixes mesh and traditional
   * WLAN kinds is refused whole with 154 before anything is added.
   */
  async admit(projectId: number, candidates: readonly Candidate[], batch = false): Promise<Admission[]> {
    const added: { deviceId: number; sn: string; type: string }[] = [];
    let outcomes: Admission[];
    try {
      outcomes = await this.store.db.transaction().execute(async (trx) => {
        const project = await this.store.projectFacts(trx, projectId, true);
        if (!project) throw new AppError(ERR.PROJECT_INVALID);
        const sns = candidates.map((c) => c.sn);
        const existing = new Map(
          (await this.store.devicesBySn(trx, sns)).map((d) => [d.sn.toLowerCase(), d]),
        );
        const pending = new Map((await this.store.pendingBySn(trx, sns)).map((p) => [p.sn.toLowerCase(), p]));
        const seen = new Map(candidates.map((c) => [c.sn.toLowerCase(), this.seenOf(c, pending)]));
        if (batch) {
          const known = candidates.flatMap((c) => seen.get(c.sn.toLowerCase())?.type ?? []);
          if (mixesFamilies(known)) throw new AppError(ERR.MIXED_MODES_IN_BATCH, 409);
        }
        const counts = await this.store.counts(trx, project);
        const now = this.clock.now();
        const result: Admission[] = [];
        for (const c of candidates) {
          const key = c.sn.toLowerCase();
          const there = existing.get(key);
          if (there) {
            result.push(alreadyAdded(there, project));
            continue;
          }
          const p = seen.get(key);
          const type = p?.type ?? UNKNOWN_DEVICE_TYPE;
          const issue = admissionIssue(type, project, counts, this.accountDeviceLimit);
          if (issue !== null) {
            result.push(refusal(issue));
            continue;
          }
          const sn = p?.sn ?? normalizeSerialNumber(c.sn);
          const row = this.newRow(projectId, sn, c, p, now);
          const deviceId = await this.store.insertDevice(trx, row);
          existing.set(key, {
            id: deviceId,
            sn,
            project_id: projectId,
            name: row.name,
            project_name: '',
            owner_id: project.ownerId,
          });
          counts.add(type);
          added.push({ deviceId, sn, type });
          result.push({ ok: true, deviceId, sn, name: row.name });
        }
        await this.store.deletePending(
          trx,
          added.map((a) => a.sn),
        );
        return result;
      });
    } catch (err) {
      // A concurrent add of the same SN (another node, or a race past the lookup): already there.
      if (isUniqueViolation(err)) throw new AppError(ERR.DATA_EXISTS);
      throw err;
    }
    for (const a of added) await this.activate(projectId, a);
    return outcomes;
  }

  /** The device's pending row, else what this node's ingest path heard from it (if connected here). */
  private seenOf(c: Candidate, pending: Map<string, PendingRow>): Seen | undefined {
    const p = pending.get(c.sn.toLowerCase());
    if (p) return p;
    const h = this.plane.hot?.get(c.sn) ?? this.plane.hot?.get(normalizeSerialNumber(c.sn));
    if (!h?.hello) return undefined;
    const state = stateOf(h);
    return {
      sn: h.sn,
      type: h.hello.type,
      model: h.hello.model,
      mac: h.hello.mac,
      firmware_version: h.hello.firmwareVersion,
      ip: state?.ip ?? null,
      uplink_sn: state?.uplink?.sn ?? null,
      last_seen_at: h.lastSeenAt,
    };
  }

  private newRow(projectId: number, sn: string, c: Candidate, p: Seen | undefined, now: number) {
    const online = this.plane.gateway.isConnected(sn);
    return {
      project_id: projectId,
      sn,
      type: p?.type ?? UNKNOWN_DEVICE_TYPE,
      name: c.name ?? defaultDeviceName(sn, p?.model),
      status: online ? DEVICE_STATUS.ONLINE : DEVICE_STATUS.OFFLINE,
      created_at: isoAt(now),
      model: p?.model ?? null,
      mac: p?.mac ?? null,
      firmware_version: p?.firmware_version ?? null,
      ip: p?.ip ?? null,
      uplink_sn: p?.uplink_sn ?? null,
      location: c.location || null,
      last_seen_at: p?.last_seen_at ?? null,
      status_changed_at: now,
    };
  }

  /** After commit: the ingest path learns the device, the broker lets it in, open lists refresh. */
  private async activate(projectId: number, a: { deviceId: number; sn: string; type: string }) {
    const status = this.plane.gateway.isConnected(a.sn) ? DEVICE_STATUS.ONLINE : DEVICE_STATUS.OFFLINE;
    this.plane.registry.upsert({ deviceId: a.deviceId, projectId, sn: a.sn, type: a.type, status });
    try {
      await this.plane.gateway.provision(a.sn);
    } catch (err) {
      // The claim stands; the gateway re-provisions claimed devices when it (re)connects to the broker.
      this.logger.error({ err, sn: a.sn }, 'could not provision broker credentials for a claimed device');
    }
    this.plane.bus?.publish({ type: 'device.updated', projectId, deviceId: a.deviceId });
  }

  /** After a delete: forget the device in the ingest path and take its broker credentials away. */
  async retire(projectId: number, deviceId: number, sn: string): Promise<void> {
    this.plane.registry.remove(sn);
    try {
      await this.plane.gateway.clearRetained(sn);
    } catch (err) {
      this.logger.error({ err, sn }, 'could not clear the retained configuration of a deleted device');
    }
    try {
      await this.plane.gateway.deprovision(sn);
    } catch (err) {
      this.logger.error({ err, sn }, 'could not remove broker credentials of a deleted device');
    }
    this.plane.bus?.publish({ type: 'device.updated', projectId, deviceId });
    await this.plane.hot?.offer?.(sn, this.clock.now());
  }
}

function refusal(code: ErrorCode): Admission {
  return { ok: false, code, message: errorMessage(code) };
}

/**
 * A device that is already added says where it is: under which name in this project, or in which of
 * the owner's own projects. Another account's project is not named: that would tell a stranger what
 * someone else runs.
 */
function alreadyAdded(
  there: { project_id: number; name: string; project_name: string; owner_id: number },
  project: { id: number; ownerId: number },
): Admission {
  if (there.project_id === project.id)
    return {
      ok: false,
      code: ERR.DATA_EXISTS,
      message: `This device is already in this project as "${there.name}".`,
    };
  if (there.owner_id === project.ownerId)
    return {
      ok: false,
      code: ERR.DEVICE_IN_OTHER_PROJECT,
      message: `This device is in your project "${there.project_name}": delete it there first to add it here.`,
    };
  return refusal(ERR.DEVICE_IN_OTHER_PROJECT);
}

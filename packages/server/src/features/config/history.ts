/**
 * The read side of the engine, for every kind alike: delivery status, the part every settings view
 * shares (version, who saved it, the delivery state of its targets), history, diff and audit. A
 * kind's own view (what its page shows besides) is its feature's.
 */
import {
  type AuditEntry,
  type AuditPage,
  type ConfigDiff,
  type ConfigKind,
  type ConfigRevision,
  type ConfigRevisionDetail,
  type ConfigRevisionPage,
  type ConfigTargetStatus,
  diffSettings,
  ERR,
  kindDefinition,
  type ProjectConfigStatus,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import { parseDocuments } from './documents';
import { type DeviceFacts, type FactsSource, projectDevices } from './facts';
import type {
  AuditRow,
  ConfigDocumentRow,
  ConfigRevisionRow,
  ConfigStore,
  DeviceConfigRow,
  HistoryQuery,
} from './store';

/** What every settings view carries besides the settings themselves (domain `configDocumentMeta`). */
export interface DocumentMeta {
  version: number;
  updatedAt: number | null;
  updatedBy: { id: number; nick: string } | null;
  targets: ConfigTargetStatus[];
}

/**
 * Which devices a settings view lists with their delivery state: the document's own device, or —
 * for a project-level document — the devices its kind reaches (`reach`, the same rule the save uses),
 * so the page's bar and the save's notification count the same devices.
 */
export type ViewTargets = { deviceId: number } | 'reach';

/** A settings view's common part and the saved settings (undefined: never saved, factory settings apply). */
export interface DocumentView<S> {
  meta: DocumentMeta;
  saved: S | undefined;
}

export class ConfigHistory {
  constructor(
    private readonly store: ConfigStore,
    private readonly facts: FactsSource,
  ) {}

  async status(projectId: number): Promise<ProjectConfigStatus> {
    const devices = await projectDevices(this.facts, projectId);
    const rows = await this.store.deviceConfigsOfProject(projectId);
    const list = toStatuses(rows, devices);
    return {
      applied: list.filter((s) => s.status === 'applied').length,
      pending: list.filter((s) => s.status === 'pending').length,
      failed: list.filter((s) => s.status === 'failed').length,
      devices: list,
    };
  }

  /** The document of `kind` (of `targets.deviceId` for a device-level kind) as its view shows it. */
  async view<S>(
    projectId: number,
    kind: ConfigKind,
    targets: ViewTargets,
    devices: readonly DeviceFacts[],
  ): Promise<DocumentView<S>> {
    const { store } = this;
    const deviceId = targets === 'reach' ? null : targets.deviceId;
    const doc = await store.document(store.db, projectId, deviceId, kind);
    let rows: DeviceConfigRow[];
    if (targets === 'reach') {
      const docs = parseDocuments(await store.documentsOfProject(store.db, projectId));
      const reached = new Set(
        kindDefinition(kind)
          .reach({ devices, target: undefined, docs })
          .map((d) => d.deviceId),
      );
      rows = (await store.deviceConfigsOfProject(projectId)).filter((r) => reached.has(r.device_id));
    } else {
      rows = await store.deviceConfigs(store.db, [targets.deviceId]);
    }
    return {
      meta: await this.meta(doc, rows, devices),
      saved: doc ? (JSON.parse(doc.body) as S) : undefined,
    };
  }

  private async meta(
    doc: ConfigDocumentRow | undefined,
    rows: readonly DeviceConfigRow[],
    devices: readonly DeviceFacts[],
  ): Promise<DocumentMeta> {
    const nick = doc ? await this.store.accountNick(doc.updated_by) : null;
    return {
      version: doc?.version ?? 0,
      updatedAt: doc?.updated_at ?? null,
      updatedBy: doc?.updated_by ? { id: doc.updated_by, nick: nick ?? '' } : null,
      targets: toStatuses(rows, devices),
    };
  }

  async revisions(
    projectId: number,
    q: HistoryQuery & { kind?: string | undefined },
  ): Promise<ConfigRevisionPage> {
    const { total, items } = await this.store.revisions(projectId, q);
    return { total, page: q.page, pageSize: q.pageSize, items: items.map((r) => toRevision(r, r)) };
  }

  async revision(projectId: number, id: number): Promise<ConfigRevisionDetail> {
    const r = await this.store.revision(this.store.db, projectId, id);
    if (!r) throw new AppError(ERR.NOT_EXIST);
    return { ...(await this.described(r)), settings: JSON.parse(r.body) as unknown };
  }

  async diff(projectId: number, fromId: number, toId: number | undefined): Promise<ConfigDiff> {
    const from = await this.store.revision(this.store.db, projectId, fromId);
    if (!from) throw new AppError(ERR.NOT_EXIST);
    let to: ConfigRevisionRow | undefined;
    if (toId !== undefined) to = await this.store.revision(this.store.db, projectId, toId);
    else {
      const doc = await this.store.db
        .selectFrom('config_documents')
        .select('version')
        .where('id', '=', from.document_id)
        .executeTakeFirst();
      if (doc) to = await this.store.revisionOf(this.store.db, from.document_id, doc.version);
    }
    if (!to) throw new AppError(ERR.NOT_EXIST);
    // Two versions of different documents have no meaningful difference.
    if (to.document_id !== from.document_id) throw new AppError(ERR.INVALID_PARAMETERS);
    return {
      from: await this.described(from),
      to: await this.described(to),
      entries: diffSettings(from.kind as ConfigKind, JSON.parse(from.body), JSON.parse(to.body)),
    };
  }

  private async described(r: ConfigRevisionRow): Promise<ConfigRevision> {
    return toRevision(r, {
      account_nick: await this.store.accountNick(r.account_id),
      device_name: await this.store.deviceName(r.device_id),
    });
  }

  async audit(projectId: number, q: HistoryQuery): Promise<AuditPage> {
    const { total, items } = await this.store.audit(projectId, q);
    return { total, page: q.page, pageSize: q.pageSize, items: items.map(toAuditEntry) };
  }
}

function toRevision(
  r: ConfigRevisionRow,
  names: { account_nick: string | null; device_name: string | null },
): ConfigRevision {
  return {
    id: r.id,
    kind: r.kind,
    deviceId: r.device_id,
    deviceName: names.device_name,
    version: r.version,
    summary: r.summary,
    account: r.account_id !== null ? { id: r.account_id, nick: names.account_nick ?? '' } : null,
    createdAt: r.created_at,
    restoredFrom: r.restored_from,
  };
}

function toAuditEntry(r: AuditRow & { account_nick: string | null }): AuditEntry {
  return {
    id: r.id,
    at: r.created_at,
    account: r.account_id !== null ? { id: r.account_id, nick: r.account_nick ?? '' } : null,
    projectId: r.project_id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    action: r.action as AuditEntry['action'],
    summary: r.summary,
  };
}

function toStatuses(rows: readonly DeviceConfigRow[], devices: readonly DeviceFacts[]): ConfigTargetStatus[] {
  const byId = new Map(devices.map((d) => [d.deviceId, d]));
  return rows.flatMap((r) => {
    const d = byId.get(r.device_id);
    if (!d) return [];
    return [
      {
        deviceId: r.device_id,
        sn: d.sn,
        name: d.name,
        type: d.type,
        online: d.online,
        status: r.status as ConfigTargetStatus['status'],
        desiredVersion: r.desired_version,
        appliedVersion: r.applied_version,
        pendingSince: r.status === 'pending' ? r.pending_since : null,
        failedCode: r.failed_code,
        failedMessage: r.failed_message,
        updatedAt: r.updated_at,
      },
    ];
  });
}

import type { Db } from '../db';

/** A claimed device as the ingest path needs it: which project it belongs to, its kind and status. */
export interface RegistryEntry {
  deviceId: number;
  projectId: number;
  sn: string;
  type: string;
  status: number;
}

/**
 * In-memory map of CLAIMED devices (sn → entry), so ingest never does a SQL round trip to learn whose
 * a device is. Loaded once at start-up; onboarding (claim/delete) keeps it current with `upsert` and
 * `remove`; ingest updates `status` in place. SNs are case-sensitive on the wire, so the key is the
 * SN exactly as stored (claim normalises it to the device's own spelling).
 */
export class DeviceRegistry {
  private readonly bySn = new Map<string, RegistryEntry>();
  private readonly byId = new Map<number, RegistryEntry>();
  private readonly projects = new Map<number, Map<string, RegistryEntry>>();
  private readonly listeners = new Set<(e: RegistryEntry, change: 'upsert' | 'remove') => void>();

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'project_id', 'sn', 'type', 'status'])
      .execute();
    this.bySn.clear();
    this.byId.clear();
    this.projects.clear();
    for (const r of rows) {
      this.put({ deviceId: r.id, projectId: r.project_id, sn: r.sn, type: r.type, status: r.status });
    }
  }

  get(sn: string): RegistryEntry | undefined {
    return this.bySn.get(sn);
  }

  getById(deviceId: number): RegistryEntry | undefined {
    return this.byId.get(deviceId);
  }

  /** Adds or replaces a claimed device (D3 calls it after claiming or moving a device). */
  upsert(e: RegistryEntry): void {
    const old = this.bySn.get(e.sn);
    if (old) this.drop(old);
    const entry = { ...e };
    this.put(entry);
    for (const fn of this.listeners) fn(entry, 'upsert');
  }

  /** Forgets a device (D3 calls it after deleting it). */
  remove(sn: string): void {
    const old = this.bySn.get(sn);
    if (!old) return;
    this.drop(old);
    for (const fn of this.listeners) fn(old, 'remove');
  }

  /**
   * Another node's claim, move or deletion (external broker, several nodes): the map only, no
   * listeners — that node already did what a change entails (rows, broker credentials).
   */
  applyPeerChange(change: 'upsert' | 'remove', e: RegistryEntry): void {
    const old = this.bySn.get(e.sn);
    if (old) this.drop(old);
    if (change === 'upsert') this.put({ ...e });
  }

  byProject(projectId: number): RegistryEntry[] {
    return [...(this.projects.get(projectId)?.values() ?? [])];
  }

  all(): IterableIterator<RegistryEntry> {
    return this.bySn.values();
  }

  get size(): number {
    return this.bySn.size;
  }

  /** Called after every upsert/remove (the gateway provisions broker credentials from it). */
  onChange(fn: (e: RegistryEntry, change: 'upsert' | 'remove') => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private put(e: RegistryEntry): void {
    this.bySn.set(e.sn, e);
    this.byId.set(e.deviceId, e);
    let p = this.projects.get(e.projectId);
    if (!p) {
      p = new Map();
      this.projects.set(e.projectId, p);
    }
    p.set(e.sn, e);
  }

  private drop(e: RegistryEntry): void {
    this.bySn.delete(e.sn);
    if (this.byId.get(e.deviceId) === e) this.byId.delete(e.deviceId);
    const p = this.projects.get(e.projectId);
    p?.delete(e.sn);
    if (p && p.size === 0) this.projects.delete(e.projectId);
  }
}

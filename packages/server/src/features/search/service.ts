/**
 * Global search across the caller's projects (issue 10 §7). Permission-checked here, on the server:
 * only projects the account is a member of, and in each only what its menu shows this session
 * (§2, §6 — the same rule as the project routes: devices where the device list is visible, clients
 * where the client list is). Settings pages are the menu's (domain `searchMenuPages`), for the
 * console's current project.
 */
import {
  type ClientHit,
  type DeviceHit,
  isDemoProject,
  type MenuContext,
  type PageHit,
  type Project,
  projectApiGroupRefusal,
  SEARCH_MAX_RESULTS_PER_KIND,
  type SearchMatchField,
  type SearchResult,
  searchMenuPages,
} from '@netloom/domain';
import type { ActiveSession } from '../../plugins/auth';
import type { Auth } from '../auth';
import type { Demo } from '../demo';
import type { Projects } from '../projects';
import { type ClientSearchRow, type DeviceSearchRow, macDigits, type SearchStore } from './store';

export interface SearchDeps {
  store: Pick<SearchStore, 'devices' | 'clients'>;
  projects: Pick<Projects, 'ofMember'>;
  auth: Pick<Auth, 'permissionsOf'>;
  demo?: Pick<Demo, 'renameFor'>;
}

const LIMIT = SEARCH_MAX_RESULTS_PER_KIND;

/** The first field of a row that holds the query (what the result line says it matched). */
export function matchedField(
  q: string,
  fields: readonly [SearchMatchField, string | null][],
  mac: string | null,
): SearchMatchField {
  const lower = q.toLowerCase();
  for (const [field, value] of fields) if (value?.toLowerCase().includes(lower)) return field;
  const hex = macDigits(q);
  if (hex && mac?.replace(/:/g, '').toLowerCase().includes(hex)) return 'mac';
  return fields[0]?.[0] ?? 'name';
}

export class SearchService {
  constructor(private readonly deps: SearchDeps) {}

  async search(session: ActiveSession, q: string, currentProjectId?: number): Promise<SearchResult> {
    const [projects, account] = await Promise.all([
      this.deps.projects.ofMember(session.accountId),
      this.deps.auth.permissionsOf(session.accountId),
    ]);
    if (!account) return { devices: [], clients: [], pages: [], more: { devices: false, clients: false } };
    const contextOf = (p: Project | null): MenuContext => ({
      access: session.client,
      netMode: p?.netMode ?? null,
      permissions: account.permissions,
      role: account.role,
      right: p?.right ?? null,
      demo: p ? isDemoProject(p) : false,
      locked: p?.locked ?? false,
    });
    const names = new Map(projects.map((p) => [p.id, p.name]));
    const allowed = (group: 'devices' | 'clients') =>
      projects.filter((p) => projectApiGroupRefusal(group, contextOf(p)) === null).map((p) => p.id);

    const [deviceRows, clientRows] = await Promise.all([
      this.deps.store.devices(allowed('devices'), q, LIMIT + 1),
      // A roaming client can be two rows: room for the duplicates dropped below.
      this.deps.store.clients(allowed('clients'), q, 2 * LIMIT + 1),
    ]);
    const clients = uniqueClients(clientRows);
    const current = projects.find((p) => p.id === currentProjectId) ?? null;
    // Demo projects show their devices and SSIDs by the demo's names, here as on their pages.
    const shown = <T extends { projectId: number }>(hit: T): T =>
      this.deps.demo ? this.deps.demo.renameFor(hit.projectId, hit) : hit;
    return {
      devices: deviceRows.slice(0, LIMIT).map((r) => shown(toDeviceHit(r, q, names))),
      clients: clients.slice(0, LIMIT).map((r) => shown(toClientHit(r, q, names))),
      pages: searchMenuPages(q, contextOf(current), LIMIT).map(
        (e): PageHit => ({
          projectId: e.route.item.projectScoped ? (current?.id ?? null) : null,
          projectName: e.route.item.projectScoped ? (current?.name ?? null) : null,
          key: e.key,
          title: e.title,
          trail: [...e.trail],
          path: e.path,
        }),
      ),
      more: { devices: deviceRows.length > LIMIT, clients: clients.length > LIMIT },
    };
  }
}

function uniqueClients(rows: readonly ClientSearchRow[]): ClientSearchRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => {
    const key = `${r.project_id}|${r.mac}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toDeviceHit(r: DeviceSearchRow, q: string, names: ReadonlyMap<number, string>): DeviceHit {
  return {
    projectId: r.project_id,
    projectName: names.get(r.project_id) ?? '',
    id: r.id,
    name: r.name,
    sn: r.sn,
    mac: r.mac,
    ip: r.ip,
    model: r.model,
    type: r.type,
    status: r.status,
    match: matchedField(
      q,
      [
        ['name', r.name],
        ['sn', r.sn],
        ['mac', r.mac],
        ['ip', r.ip],
        ['model', r.model],
      ],
      r.mac,
    ),
  };
}

function toClientHit(r: ClientSearchRow, q: string, names: ReadonlyMap<number, string>): ClientHit {
  return {
    projectId: r.project_id,
    projectName: names.get(r.project_id) ?? '',
    mac: r.mac,
    name: r.name,
    alias: r.alias,
    ip: r.ip,
    ssid: r.ssid,
    vlan: r.vlan,
    deviceId: r.device_id,
    deviceName: r.device_name,
    match: matchedField(
      q,
      [
        ['alias', r.alias],
        ['name', r.name],
        ['mac', r.mac],
        ['ip', r.ip],
      ],
      r.mac,
    ),
  };
}

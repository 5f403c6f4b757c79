import type { ClientHit, DeviceHit, PageHit, SearchResult } from '@netloom/domain';
import { clientPanelPath, devicePath } from '../../navigation/paths';

/** One line of the results, in the order the keyboard walks them. */
export type SearchItem =
  | { kind: 'device'; id: string; hit: DeviceHit; projectId: number; path: string }
  | { kind: 'client'; id: string; hit: ClientHit; projectId: number; path: string }
  | { kind: 'page'; id: string; hit: PageHit; projectId: number | null; path: string };

export interface SearchGroup {
  kind: SearchItem['kind'];
  title: string;
  items: SearchItem[];
  /** More matched than shown. */
  more: boolean;
}

/** The answer as groups (devices, clients, settings pages), empty groups left out. */
export function searchGroups(r: SearchResult): SearchGroup[] {
  const groups: SearchGroup[] = [
    {
      kind: 'device',
      title: 'Devices',
      more: r.more.devices,
      items: r.devices.map((hit) => ({
        kind: 'device',
        id: `device-${hit.id}`,
        hit,
        projectId: hit.projectId,
        path: devicePath(hit.id),
      })),
    },
    {
      kind: 'client',
      title: 'Clients',
      more: r.more.clients,
      items: r.clients.map((hit) => ({
        kind: 'client',
        id: `client-${hit.projectId}-${hit.mac}`,
        hit,
        projectId: hit.projectId,
        path: clientPanelPath(hit.mac),
      })),
    },
    {
      kind: 'page',
      title: 'Settings and pages',
      more: false,
      items: r.pages.map((hit) => ({
        kind: 'page',
        id: `page-${hit.key}`,
        hit,
        projectId: hit.projectId,
        path: hit.path,
      })),
    },
  ];
  return groups.filter((g) => g.items.length > 0);
}

import {
  CLIENT_PAGE_SIZES,
  CLIENT_SORT_KEYS,
  type ClientSortKey,
  DEFAULT_CLIENT_PAGE_SIZE,
} from '@netloom/domain';
import { parseTablePreference, useTablePreference } from '../../components/table';

/** Stored under `table:clients:list` (the shared `table:<table>:<tab>` shape plus the sort). */
export const CLIENT_TABLE_PREFERENCE = 'table:clients:list';

export interface ClientTablePrefs {
  hiddenColumns: string[];
  /** Compact rows. */
  shrink: boolean;
  pageSize: number;
  sort: ClientSortKey;
  order: 'asc' | 'desc';
}

/**
 * Columns hidden until the user shows them: useful, but not needed at a glance (the MAC is also
 * under the client's name), so the default view fits a laptop screen.
 */
export const DEFAULT_HIDDEN_COLUMNS = ['mac', 'txBytes', 'rxBytes', 'type', 'auth'];

export const DEFAULT_CLIENT_PREFS: ClientTablePrefs = {
  hiddenColumns: DEFAULT_HIDDEN_COLUMNS,
  shrink: false,
  pageSize: DEFAULT_CLIENT_PAGE_SIZE,
  sort: 'uptime',
  order: 'desc',
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a stored value; anything missing or out of range takes its default. */
export function parseClientPrefs(raw: unknown): ClientTablePrefs {
  if (!isRecord(raw)) return DEFAULT_CLIENT_PREFS;
  const table = parseTablePreference(
    { hiddenColumns: raw.hiddenColumns, shrink: raw.shrink, pageSize: raw.pageSize },
    DEFAULT_CLIENT_PREFS,
  );
  const sort = (CLIENT_SORT_KEYS as readonly unknown[]).includes(raw.sort)
    ? (raw.sort as ClientSortKey)
    : 'uptime';
  return {
    hiddenColumns: table.hiddenColumns,
    shrink: table.shrink,
    pageSize: (CLIENT_PAGE_SIZES as readonly number[]).includes(table.pageSize)
      ? table.pageSize
      : DEFAULT_CLIENT_PAGE_SIZE,
    sort,
    order: raw.order === 'asc' ? 'asc' : 'desc',
  };
}

/** The client table's settings, remembered per account on the server. */
export function useClientTablePrefs() {
  return useTablePreference(CLIENT_TABLE_PREFERENCE, parseClientPrefs);
}

import { type TablePreference, tablePreferenceSchema } from '@netloom/domain';
import { useCallback } from 'react';
import { usePreference } from '../../session/preferences';

/**
 * Until the account chooses, the rarely needed columns start hidden so the table fits a laptop
 * screen without sideways scrolling; column settings bring them back.
 */
const DEFAULT_HIDDEN = ['hardwareVersion', 'managementMode', 'remark', 'mac'];
const DEFAULTS: TablePreference = tablePreferenceSchema.parse({ hiddenColumns: DEFAULT_HIDDEN });

/** A missing or outdated stored value reads as the defaults. */
function parseTablePreference(value: unknown): TablePreference {
  if (value === null || value === undefined) return DEFAULTS;
  const parsed = tablePreferenceSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULTS;
}

/**
 * A table's column settings, shrink and page size, remembered per account on the server
 * (`/api/account/preferences/table:<table>:<tab>`).
 */
export function useTablePreference(key: string) {
  const { value: pref, set, ready } = usePreference(key, parseTablePreference);
  const update = useCallback((patch: Partial<TablePreference>) => set({ ...pref, ...patch }), [set, pref]);
  return { pref, update, loaded: ready };
}

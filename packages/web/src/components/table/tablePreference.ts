import { type TablePreference, tablePreferenceSchema } from '@netloom/domain';
import { useCallback } from 'react';
import { usePreference } from '../../session/preferences';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A table's stored settings (hidden columns, compact rows, page size); a missing, foreign or
 * outdated value reads as `defaults`, and a value without hidden columns keeps the default ones.
 */
export function parseTablePreference(raw: unknown, defaults: TablePreference): TablePreference {
  if (!isRecord(raw)) return defaults;
  const parsed = tablePreferenceSchema.safeParse({
    ...raw,
    hiddenColumns: raw.hiddenColumns ?? defaults.hiddenColumns,
  });
  return parsed.success ? parsed.data : defaults;
}

/**
 * A table's settings remembered per account on the server (`table:<table>:<tab>`, UI.md: column
 * settings remembered per account). `update` merges a change into the stored value.
 */
export function useTablePreference<T extends TablePreference>(key: string, parse: (raw: unknown) => T) {
  const { value: pref, set, ready } = usePreference(key, parse);
  const update = useCallback((patch: Partial<T>) => set({ ...pref, ...patch }), [set, pref]);
  return { pref, update, ready };
}

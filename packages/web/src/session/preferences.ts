import { preferenceEndpoints as E, type Preference } from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../api/client';
import { storage } from '../browser/storage';
import { useAccount } from './session';

const preferenceKey = (key: string) => ['preferences', key] as const;

export interface PreferenceState<T> {
  value: T;
  /** False until the stored value (local copy or server) is known: wait before fetching with it. */
  ready: boolean;
  set(next: T): void;
}

/**
 * A per-account UI preference (`preferenceEndpoints.get`/`put`) that follows the account from
 * browser to browser. A local copy (per account) answers at once on the next visit, so a page does
 * not first load with the default and then again with the stored choice.
 * `parse` checks the stored JSON and falls back to the default: stored values may be stale.
 */
export function usePreference<T>(key: string, parse: (raw: unknown) => T): PreferenceState<T> {
  const { account } = useAccount();
  const queryClient = useQueryClient();
  const queryKey = preferenceKey(key);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const pref = await call(E.get, { params: { key } });
      if (pref.value !== null) storage.setTablePrefs(account.id, key, { value: pref.value });
      return pref;
    },
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: () => {
      const local = storage.getTablePrefs<{ value: unknown }>(account.id, key);
      return local && 'value' in local
        ? { key, value: local.value as Preference['value'], updatedAt: null }
        : undefined;
    },
  });
  const save = useMutation({
    // The demo visitor's choice stays in this browser (the demo account changes nothing on the
    // server, 405): no "unavailable" modal for picking a chart's range.
    mutationFn: (value: Preference['value']) =>
      call(E.put, { params: { key }, body: { value } }, { quietDemo: true }),
  });
  const { mutate } = save;
  const set = useCallback(
    (next: T) => {
      const value = next as Preference['value'];
      // Optimistic: the page follows the choice at once; the server copy follows.
      queryClient.setQueryData<Preference>(preferenceKey(key), { key, value, updatedAt: null });
      storage.setTablePrefs(account.id, key, { value });
      mutate(value);
    },
    [queryClient, key, account.id, mutate],
  );
  const raw = query.data?.value ?? null;
  const value = useMemo(() => parse(raw), [parse, raw]);
  return { value, set, ready: query.data !== undefined || query.isError };
}

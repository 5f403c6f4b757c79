import {
  DATA_SCREEN_REFRESH_MIN_MS,
  type DataScreenSettings,
  dataScreenEndpoints as E,
  LIVE_ALL_PROJECTS,
  type LiveEventType,
} from '@netloom/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../api/client';
import { addResyncHandler, useLiveEvents } from '../../api/live';
import { dataScreenKeys } from './keys';

export function useDataScreenSummary() {
  return useQuery({ queryKey: dataScreenKeys.summary, queryFn: () => call(E.summary, {}) });
}

export function useDataScreenSettings() {
  return useQuery({ queryKey: dataScreenKeys.settings, queryFn: () => call(E.settings, {}) });
}

export function useSaveDataScreenSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataScreenSettings) => call(E.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(dataScreenKeys.settings, saved),
  });
}

/** The offline gazetteer (the location picker's search). */
export function searchPlaces(q: string) {
  return call(E.places, { query: { q } });
}

const LIVE_TYPES: LiveEventType[] = ['device.status', 'telemetry.tick', 'clients.changed', 'alarms.changed'];

/**
 * Keeps the data screen live: the channel follows every project of the account
 * (`LIVE_ALL_PROJECTS`), and their events refetch the summary — at most once per
 * `DATA_SCREEN_REFRESH_MIN_MS`, however many projects report — and again after a reconnect.
 */
export function useDataScreenLive(): void {
  const queryClient = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = () => {
    if (timer.current) return;
    const wait = Math.max(0, last.current + DATA_SCREEN_REFRESH_MIN_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: dataScreenKeys.summary });
    }, wait);
  };
  useLiveEvents(LIVE_ALL_PROJECTS, refresh, LIVE_TYPES);
  useEffect(() => {
    const off = addResyncHandler((p) => {
      if (p === LIVE_ALL_PROJECTS) void queryClient.invalidateQueries({ queryKey: dataScreenKeys.summary });
    });
    return () => {
      off();
      clearTimeout(timer.current);
    };
  }, [queryClient]);
}

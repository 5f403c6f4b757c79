import {
  ALARM_SEVERITIES,
  ALARM_SEVERITY_LABELS,
  type AlarmListQuery,
  type AlarmSeverity,
} from '@netloom/domain';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListFilter, type ListSearch, optionsOf } from '../../components/list';

// What the toolbar offers for each filter.
export const READ_OPTIONS = optionsOf<ReadFilter>({ all: 'All', unread: 'Unread', read: 'Read' });
export const LEVEL_FILTER: ListFilter<AlarmSeverity> = {
  label: 'Level filter',
  placeholder: 'All levels',
  options: [...ALARM_SEVERITIES].reverse().map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] })),
  width: 130,
};

export const ALARM_SEARCH: ListSearch = {
  placeholder: 'Search event, device, MAC or model',
  label: 'Search alarms',
  width: 240,
};

export type ReadFilter = 'all' | 'unread' | 'read';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the alarm list is filtered by: the search (debounced, so each keystroke is not a request),
 * read state, level, time range and the device named in the address (`?deviceId=`, from a device's
 * recent events). The header bell's "See all unread" links here with `?read=0`, also while the page
 * is open. `onChange` runs whenever what is listed changes.
 */
export function useAlarmFilters(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [read, setRead] = useState<ReadFilter>(params.get('read') === '0' ? 'unread' : 'all');
  const [severity, setSeverity] = useState<AlarmSeverity | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const deviceId = Number(params.get('deviceId')) || undefined;
  const readParam = params.get('read');
  useEffect(() => {
    if (readParam === '0') setRead('unread');
  }, [readParam]);

  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers.
  useEffect(() => onChange(), [q, read, severity, range, deviceId]);

  const query = {
    q: q || undefined,
    read: read === 'all' ? undefined : read === 'unread' ? 0 : 1,
    severity,
    deviceId,
    from: range ? range[0].startOf('minute').valueOf() : undefined,
    to: range ? range[1].endOf('minute').valueOf() : undefined,
  } satisfies AlarmListQuery;

  const filtering =
    q !== '' || read !== 'all' || severity !== undefined || range !== null || deviceId !== undefined;

  function clearDevice() {
    setParams((p) => {
      p.delete('deviceId');
      return p;
    });
  }
  function clear() {
    setSearch('');
    setRead('all');
    setSeverity(undefined);
    setRange(null);
    if (deviceId !== undefined) clearDevice();
  }

  return {
    search,
    setSearch,
    read,
    setRead,
    severity,
    setSeverity,
    range,
    setRange,
    deviceId,
    query,
    filtering,
    clear,
    clearDevice,
  };
}

export type AlarmFilters = ReturnType<typeof useAlarmFilters>;

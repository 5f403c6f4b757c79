import type { ClientConnection } from '@netloom/domain';
import { RADIO_BANDS } from '@netloom/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListFilter, type ListSearch, optionsOf } from '../../components/list';
import { CLIENT_TYPE_OPTIONS } from './clientTypes';

// What the toolbar offers for each filter.
export const CONNECTION_OPTIONS = optionsOf<ConnectionFilter>({
  all: 'All',
  wireless: 'Wireless',
  wired: 'Wired',
});
export const BAND_FILTER: ListFilter<string> = {
  label: 'Band filter',
  placeholder: 'All bands',
  options: RADIO_BANDS.map((b) => ({ value: b, label: b })),
  width: 120,
};
export const TYPE_FILTER: ListFilter<string> = {
  label: 'Client type filter',
  placeholder: 'All client types',
  options: CLIENT_TYPE_OPTIONS,
  width: 160,
};

export const CLIENT_SEARCH: ListSearch = {
  placeholder: 'Search name, MAC, IP or SSID',
  label: 'Search clients',
  width: 260,
};

export type ConnectionFilter = 'all' | ClientConnection;

const SEARCH_DEBOUNCE_MS = 300;

/**
 * What the client list is filtered by: the search (debounced, so each keystroke is not a request),
 * connection, band, client type, and the device named in the address (`?deviceId=`, from a
 * device's "Clients" link). `onChange` runs whenever what is listed changes.
 */
export function useClientFilters(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [connection, setConnection] = useState<ConnectionFilter>('all');
  const [band, setBand] = useState<string | undefined>();
  const [type, setType] = useState<string | undefined>();
  const deviceId = Number(params.get('deviceId')) || undefined;

  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers.
  useEffect(() => onChange(), [q, connection, band, type, deviceId]);

  const filtering =
    q !== '' || connection !== 'all' || band !== undefined || type !== undefined || deviceId !== undefined;

  function clear() {
    setSearch('');
    setConnection('all');
    setBand(undefined);
    setType(undefined);
    if (deviceId !== undefined) {
      setParams((p) => {
        p.delete('deviceId');
        return p;
      });
    }
  }

  return {
    search,
    setSearch,
    q,
    connection,
    setConnection,
    band,
    setBand,
    type,
    setType,
    deviceId,
    filtering,
    clear,
  };
}

export type ClientFilters = ReturnType<typeof useClientFilters>;

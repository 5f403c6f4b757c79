import { RADIO_BANDS } from '@netloom/domain';
import { Flex, Segmented, Tag, Typography } from 'antd';
import { plural } from '../../components/format';
import {
  FilterSelect,
  type ListFilter,
  type ListSearch,
  ListToolbar,
  optionsOf,
} from '../../components/list';
import { ColumnSettings } from '../../components/table';
import { HIDEABLE_COLUMNS } from './clientColumns';
import { CLIENT_TYPE_OPTIONS } from './clientTypes';
import { type ClientTablePrefs, DEFAULT_HIDDEN_COLUMNS } from './tablePrefs';
import type { ClientFilters, ConnectionFilter } from './useClientFilters';

const CONNECTION_OPTIONS = optionsOf<ConnectionFilter>({ all: 'All', wireless: 'Wireless', wired: 'Wired' });
const BAND_FILTER: ListFilter<string> = {
  label: 'Band filter',
  placeholder: 'All bands',
  options: RADIO_BANDS.map((b) => ({ value: b, label: b })),
  width: 120,
};
const TYPE_FILTER: ListFilter<string> = {
  label: 'Client type filter',
  placeholder: 'All client types',
  options: CLIENT_TYPE_OPTIONS,
  width: 160,
};

const SEARCH: ListSearch = {
  placeholder: 'Search name, MAC, IP or SSID',
  label: 'Search clients',
  width: 260,
};

interface ClientToolbarProps {
  filters: ClientFilters;
  /** The device the list is limited to, by name. */
  deviceName: string | null;
  total: number;
  prefs: ClientTablePrefs;
  onPrefs(patch: Partial<ClientTablePrefs>): void;
}

/** Search and filters of the client list, the number online and the column settings. */
export function ClientToolbar({ filters: f, deviceName, total, prefs, onPrefs }: ClientToolbarProps) {
  return (
    <ListToolbar
      search={SEARCH}
      query={f.search}
      onQuery={f.setSearch}
      extra={
        <Flex gap={12} align="center">
          <Typography.Text type="secondary" data-testid="client-total">
            {plural(total, 'client')} online
          </Typography.Text>
          <ColumnSettings
            columns={HIDEABLE_COLUMNS}
            hidden={prefs.hiddenColumns}
            shrink={prefs.shrink}
            onChange={onPrefs}
            reset={{
              label: 'Reset to default',
              onReset: () => onPrefs({ hiddenColumns: [...DEFAULT_HIDDEN_COLUMNS], shrink: false }),
            }}
            buttonText="Columns"
          />
        </Flex>
      }
    >
      <Segmented<ConnectionFilter>
        aria-label="Connection filter"
        value={f.connection}
        onChange={f.setConnection}
        options={CONNECTION_OPTIONS}
      />
      <FilterSelect filter={BAND_FILTER} value={f.band} onChange={f.setBand} />
      <FilterSelect filter={TYPE_FILTER} value={f.type} onChange={f.setType} />
      {deviceName ? (
        <Tag closable onClose={f.clear} style={{ marginInlineEnd: 0 }}>
          Device: {deviceName}
        </Tag>
      ) : null}
    </ListToolbar>
  );
}

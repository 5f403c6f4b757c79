import { Flex, Segmented, Tag, Typography } from 'antd';
import { plural } from '../../components/format';
import { FilterSelect, ListToolbar } from '../../components/list';
import { ColumnSettings } from '../../components/table';
import { HIDEABLE_COLUMNS } from './clientColumns';
import { type ClientTablePrefs, DEFAULT_HIDDEN_COLUMNS } from './tablePrefs';
import {
  BAND_FILTER,
  CLIENT_SEARCH,
  type ClientFilters,
  CONNECTION_OPTIONS,
  type ConnectionFilter,
  TYPE_FILTER,
} from './useClientFilters';

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
      search={CLIENT_SEARCH}
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

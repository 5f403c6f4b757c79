import { SearchOutlined } from '@ant-design/icons';
import {
  DEVICE_FILTER_KEYS,
  DISPLAY_STATUSES,
  type DisplayStatusKey,
  TABLE_FILTER_KEY_LABELS,
  type TableFilterKey,
  VLAN_ANY_MAX,
  VLAN_ANY_MIN,
} from '@netloom/domain';
import { Input, Select, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';

export interface DeviceFilters {
  q: string;
  field: TableFilterKey;
  value: string;
  status: DisplayStatusKey | null;
}
export const EMPTY_FILTERS: DeviceFilters = { q: '', field: 'name', value: '', status: null };

const FIELD_PLACEHOLDERS: Record<TableFilterKey, string> = {
  ip: 'e.g. 192.168.1',
  model: 'e.g. AP-300',
  port: 'Uplink port, e.g. 3',
  name: 'Part of the name',
  vlan: `VLAN ID, ${VLAN_ANY_MIN}–${VLAN_ANY_MAX}`,
  mac: 'Any spelling',
};

/** Typing is debounced so each keystroke does not become a request. */
function useDebounced(value: string, onSettle: (v: string) => void, ms = 300) {
  // The callback changes every render (live updates re-render often): only `value` restarts the timer.
  const settle = useRef(onSettle);
  settle.current = onSettle;
  useEffect(() => {
    const t = setTimeout(() => settle.current(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
}

interface Props {
  filters: DeviceFilters;
  onChange(patch: Partial<DeviceFilters>): void;
}

/** Search, one §3 filter (ip/model/port/name/vlan/mac) and the status filter of the device list. */
export function DeviceToolbar({ filters, onChange }: Props) {
  const [q, setQ] = useState(filters.q);
  const [value, setValue] = useState(filters.value);
  // Outside resets (clear filters) flow back into the inputs.
  useEffect(() => setQ(filters.q), [filters.q]);
  useEffect(() => setValue(filters.value), [filters.value]);
  useDebounced(q, (v) => v !== filters.q && onChange({ q: v }));
  useDebounced(value, (v) => v !== filters.value && onChange({ value: v }));

  return (
    <Space wrap size={12}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Search name, SN, IP, MAC"
        aria-label="Search devices"
        data-testid="device-search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ width: 280 }}
      />
      <Space.Compact>
        <Select<TableFilterKey>
          aria-label="Filter by"
          value={filters.field}
          onChange={(field) => onChange({ field })}
          options={DEVICE_FILTER_KEYS.map((k) => ({ value: k, label: TABLE_FILTER_KEY_LABELS[k] }))}
          style={{ width: 130 }}
        />
        <Input
          allowClear
          aria-label={`Filter value (${TABLE_FILTER_KEY_LABELS[filters.field]})`}
          placeholder={FIELD_PLACEHOLDERS[filters.field]}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          inputMode={filters.field === 'vlan' || filters.field === 'port' ? 'numeric' : undefined}
          style={{ width: 180 }}
        />
      </Space.Compact>
      <Select<DisplayStatusKey | null>
        aria-label="Status filter"
        value={filters.status}
        onChange={(status) => onChange({ status: status ?? null })}
        allowClear
        placeholder="Any status"
        options={Object.values(DISPLAY_STATUSES).map((s) => ({ value: s.key, label: s.label }))}
        style={{ width: 140 }}
      />
    </Space>
  );
}

import { Select } from 'antd';
import { useState } from 'react';
import { useDevice, useDeviceList } from '../devices';

interface LogDeviceFilterProps {
  projectId: number;
  value?: number | undefined;
  onChange(v?: number): void;
}

/**
 * The Log page's device filter, searched on the server so large projects stay quick. A device chosen
 * elsewhere (the device drawer's link) is named even when it is not among the first matches.
 */
export function LogDeviceFilter({ projectId, value, onChange }: LogDeviceFilterProps) {
  const [q, setQ] = useState('');
  const list = useDeviceList(projectId, { q: q || undefined, pageSize: 20, sort: 'name', order: 'asc' });
  const chosen = useDevice(projectId, value ?? null);
  const options = (list.data?.items ?? []).map((d) => ({ value: d.id, label: d.name || d.sn }));
  if (value !== undefined && chosen.data && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: chosen.data.name || chosen.data.sn });
  }
  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, onSearch: setQ }}
      placeholder="All devices"
      aria-label="Filter by device"
      data-testid="log-device-filter"
      style={{ width: 260 }}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      loading={list.isFetching}
      options={options}
      notFoundContent={list.isFetching ? null : 'No device matches'}
    />
  );
}

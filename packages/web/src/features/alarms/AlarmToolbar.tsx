import type { AlarmSeverity } from '@netloom/domain';
import { DatePicker, Segmented, Tag, Typography } from 'antd';
import { FilterSelect, ListToolbar } from '../../components/list';
import {
  ALARM_SEARCH,
  type AlarmFilters,
  LEVEL_FILTER,
  READ_OPTIONS,
  type ReadFilter,
} from './useAlarmFilters';

interface AlarmToolbarProps {
  filters: AlarmFilters;
  /** The device the list is limited to, by name. */
  deviceName: string | null;
  /** "12 alarms · 3 unread". */
  summary: string;
}

/** Search and filters of the alarm list, and how many alarms match. */
export function AlarmToolbar({ filters: f, deviceName, summary }: AlarmToolbarProps) {
  return (
    <ListToolbar
      search={ALARM_SEARCH}
      query={f.search}
      onQuery={f.setSearch}
      extra={
        <Typography.Text type="secondary" data-testid="alarm-total">
          {summary}
        </Typography.Text>
      }
    >
      <Segmented<ReadFilter>
        aria-label="Read filter"
        value={f.read}
        onChange={f.setRead}
        options={READ_OPTIONS}
      />
      <FilterSelect<AlarmSeverity> filter={LEVEL_FILTER} value={f.severity} onChange={f.setSeverity} />
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={f.range}
        onChange={(v) => f.setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
        aria-label="Time range"
        placeholder={['From', 'To']}
        style={{ width: 310 }}
      />
      {deviceName ? (
        <Tag closable onClose={f.clearDevice} style={{ marginInlineEnd: 0 }}>
          Device: {deviceName}
        </Tag>
      ) : null}
    </ListToolbar>
  );
}

import { ALARM_SEVERITIES, ALARM_SEVERITY_LABELS } from '@netloom/domain';
import { DatePicker, Segmented, Select, Tag, Typography } from 'antd';
import { ListToolbar } from '../../components/list';
import type { AlarmFilters, ReadFilter } from './useAlarmFilters';

const LEVEL_OPTIONS = [...ALARM_SEVERITIES]
  .reverse()
  .map((s) => ({ value: s, label: ALARM_SEVERITY_LABELS[s] }));

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
      search={{
        value: f.search,
        onChange: f.setSearch,
        placeholder: 'Search event, device, MAC or model',
        label: 'Search alarms',
        width: 240,
      }}
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
        options={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: 'Unread' },
          { value: 'read', label: 'Read' },
        ]}
      />
      <Select
        allowClear
        placeholder="All levels"
        aria-label="Level filter"
        value={f.severity}
        onChange={f.setSeverity}
        options={LEVEL_OPTIONS}
        style={{ width: 130 }}
      />
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

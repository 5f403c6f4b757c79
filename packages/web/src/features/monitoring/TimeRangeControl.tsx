import { DEFAULT_TIME_RANGE, TIME_RANGE_KEYS, TIME_RANGES, type TimeRange } from '@netloom/domain';
import { Segmented } from 'antd';
import { usePreference } from '../../session/preferences';

/** One range choice shared by the monitoring pages, remembered per account. */
const RANGE_PREFERENCE = 'monitoring:range';

function parseRange(raw: unknown): TimeRange {
  return (TIME_RANGE_KEYS as readonly unknown[]).includes(raw) ? (raw as TimeRange) : DEFAULT_TIME_RANGE;
}

/** The remembered range, its setter, and whether it is known yet (fetch only once it is). */
export function useTimeRange(): [TimeRange, (next: TimeRange) => void, boolean] {
  const { value, set, ready } = usePreference(RANGE_PREFERENCE, parseRange);
  return [value, set, ready];
}

const OPTIONS = TIME_RANGE_KEYS.map((k) => ({ value: k, label: TIME_RANGES[k].label }));

/** The 12 h · 24 h · 72 h · 7 days · 30 days control of the monitoring pages (UI.md). */
export function TimeRangeControl({ value, onChange }: { value: TimeRange; onChange(next: TimeRange): void }) {
  return (
    <Segmented<TimeRange>
      aria-label="Time range"
      data-testid="time-range"
      value={value}
      onChange={onChange}
      options={OPTIONS}
    />
  );
}

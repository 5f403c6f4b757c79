import {
  formatZoneOffsets,
  type TimeZoneOption,
  timeZoneLabel,
  timeZoneMatches,
  timeZoneOptions,
  zoneCity,
  zoneOffsetMinutes,
  zoneOffsets,
} from '@netloom/domain';
import { Flex, Select, Typography } from 'antd';
import { useMemo } from 'react';
import './projects.css';

interface TimeZoneSelectProps {
  id?: string;
  value?: string;
  onChange?(zone: string): void;
  disabled?: boolean;
}

// Labelling ~420 zones asks Intl a few thousand times: once a page load is enough (offsets shown
// are those of this year; a page open across a summer-time change still labels both).
let allZones: TimeZoneOption[] | null = null;

/** The picker's options: every zone the browser knows, plus the saved one if it is not among them. */
function useOptions(value: string | undefined): TimeZoneOption[] {
  return useMemo(() => {
    const now = Date.now();
    allZones ??= timeZoneOptions(now);
    const options = allZones;
    if (!value || options.some((o) => o.value === value)) return options;
    const label = timeZoneLabel(value, now);
    return [{ value, label, search: label.toLowerCase(), offset: zoneOffsetMinutes(value, now) }, ...options];
  }, [value]);
}

/**
 * A project's IANA time zone, searchable by city, region or zone name ("Lisbon", "europe", "china"),
 * each option with its standard and summer offsets.
 */
export function TimeZoneSelect({ id, value, onChange, disabled }: TimeZoneSelectProps) {
  const options = useOptions(value);
  return (
    <Select<string, TimeZoneOption>
      id={id}
      value={value}
      onChange={(zone) => onChange?.(zone)}
      disabled={disabled}
      options={options}
      placeholder="Search a city or region, e.g. Lisbon"
      aria-label="Time zone"
      showSearch={{ filterOption: (input, option) => (option ? timeZoneMatches(option, input) : false) }}
      popupMatchSelectWidth
      listHeight={320}
      optionRender={(option) => {
        const zone = option.data.value;
        const offsets = formatZoneOffsets(zoneOffsets(zone, Date.now()));
        return (
          <Flex justify="space-between" gap={12} data-zone={zone}>
            <span className="nl-tz-option-name">
              <Typography.Text strong>{zone === 'UTC' ? 'UTC' : zoneCity(zone)}</Typography.Text>{' '}
              <Typography.Text type="secondary">{zone === 'UTC' ? '' : zone}</Typography.Text>
            </span>
            <Typography.Text type="secondary" className="nl-nowrap">
              {offsets}
            </Typography.Text>
          </Flex>
        );
      }}
    />
  );
}

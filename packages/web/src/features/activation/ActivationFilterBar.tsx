import {
  ACTIVATION_PERIOD_LABELS,
  ACTIVATION_PERIODS,
  type ActivationPeriod,
  type ActivationStats,
  valueLabel,
} from '@netloom/domain';
import { DatePicker, Flex, Segmented, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ActivationFilters } from './filters';

interface FilterBarProps {
  filters: ActivationFilters;
  choices: ActivationStats['choices'] | undefined;
  /** The catalogue's message when the range is refused (505), shown under the dates. */
  rangeError: string | null;
  onChange(patch: Partial<ActivationFilters>): void;
}

const DAY = 'YYYY-MM-DD';

/** Date range, grouping, model and country of the activation dashboard. */
export function ActivationFilterBar({ filters, choices, rangeError, onChange }: FilterBarProps) {
  return (
    <Flex vertical gap={4}>
      <Flex gap={12} align="center" wrap data-testid="activation-filters">
        <DatePicker.RangePicker
          allowClear={false}
          format={DAY}
          value={[dayjs(filters.from, DAY), dayjs(filters.to, DAY)]}
          onChange={(v) => {
            const [a, b] = v ?? [];
            if (a && b) onChange({ from: a.format(DAY), to: b.format(DAY) });
          }}
          aria-label="Date range"
          status={rangeError ? 'error' : undefined}
          style={{ width: 260 }}
        />
        <Segmented<ActivationPeriod>
          aria-label="Group by"
          value={filters.period}
          onChange={(period) => onChange({ period })}
          options={ACTIVATION_PERIODS.map((p) => ({ value: p, label: ACTIVATION_PERIOD_LABELS[p] }))}
        />
        <Select<string>
          allowClear
          showSearch
          placeholder="All models"
          aria-label="Model filter"
          value={filters.model}
          onChange={(model) => onChange({ model: model ?? undefined })}
          options={(choices?.models ?? []).map((m) => ({ value: m, label: valueLabel(m) }))}
          style={{ width: 180 }}
        />
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="All countries"
          aria-label="Country filter"
          value={filters.country}
          onChange={(country) => onChange({ country: country ?? undefined })}
          options={(choices?.countries ?? []).map((c) => ({ value: c.country, label: c.name }))}
          style={{ width: 180 }}
        />
      </Flex>
      {rangeError ? (
        <Typography.Text type="danger" role="alert">
          {rangeError}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" className="nl-activation-hint">
          Days are UTC calendar days. A device counts once: the first time it is online in a project.
        </Typography.Text>
      )}
    </Flex>
  );
}

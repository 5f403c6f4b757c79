/** The §3 expiry control: a number of hours, a custom date and time, or never. */
import {
  SHARE_EXPIRY_KIND_LABELS,
  SHARE_EXPIRY_KINDS,
  SHARE_HOUR_PRESETS,
  type ShareExpiryKind,
} from '@netloom/domain';
import { DatePicker, Flex, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import type { ExpiryValue } from './expiry';

const HOUR_LABELS: Record<number, string> = {
  1: '1 hour',
  8: '8 hours',
  24: '1 day',
  72: '3 days',
  168: '7 days',
  720: '30 days',
};

interface ExpiryFieldProps {
  value?: ExpiryValue;
  onChange?: (v: ExpiryValue) => void;
  id?: string;
}

export function ExpiryField({ value, onChange, id }: ExpiryFieldProps) {
  const v: ExpiryValue = value ?? { kind: 'never', hours: 24, at: null };
  const set = (patch: Partial<ExpiryValue>) => onChange?.({ ...v, ...patch });
  return (
    <Flex vertical gap={8} id={id}>
      <Radio.Group
        value={v.kind}
        onChange={(e) => set({ kind: e.target.value as ShareExpiryKind })}
        optionType="button"
        options={SHARE_EXPIRY_KINDS.map((k) => ({ value: k, label: SHARE_EXPIRY_KIND_LABELS[k] }))}
      />
      {v.kind === 'hours' ? (
        <Select
          aria-label="Share duration"
          value={v.hours}
          onChange={(hours) => set({ hours })}
          options={SHARE_HOUR_PRESETS.map((h) => ({ value: h, label: HOUR_LABELS[h] ?? `${h} hours` }))}
          className="nl-share-hours"
        />
      ) : null}
      {v.kind === 'custom' ? (
        <DatePicker
          aria-label="Share ends at"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={v.at}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          onChange={(at) => set({ at })}
          className="nl-share-date"
        />
      ) : null}
    </Flex>
  );
}

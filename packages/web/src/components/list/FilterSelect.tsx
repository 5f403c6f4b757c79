import { Select } from 'antd';

/** What a list filter is: its accessible name, what it shows while unset, and its choices. */
export interface ListFilter<T extends string> {
  /** The accessible name ("Level filter"). */
  label: string;
  /** Shown while nothing is chosen ("All levels"). */
  placeholder: string;
  options: { value: T; label: string }[];
  width: number;
}

interface FilterSelectProps<T extends string> {
  filter: ListFilter<T>;
  value: T | undefined;
  onChange(value: T | undefined): void;
}

/** One filter of a list toolbar: a choice that can be cleared back to "all". */
export function FilterSelect<T extends string>({ filter, value, onChange }: FilterSelectProps<T>) {
  return (
    <Select<T>
      allowClear
      placeholder={filter.placeholder}
      aria-label={filter.label}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={filter.options}
      style={{ width: filter.width }}
    />
  );
}

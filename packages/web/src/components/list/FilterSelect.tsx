import { Select } from 'antd';

interface FilterSelectProps<T extends string> {
  /** The accessible name ("Level filter"). */
  label: string;
  /** Shown while nothing is chosen ("All levels"). */
  placeholder: string;
  value: T | undefined;
  onChange(value: T | undefined): void;
  options: { value: T; label: string }[];
  width: number;
}

/** One filter of a list toolbar: a choice that can be cleared back to "all". */
export function FilterSelect<T extends string>({
  label,
  placeholder,
  value,
  onChange,
  options,
  width,
}: FilterSelectProps<T>) {
  return (
    <Select<T>
      allowClear
      placeholder={placeholder}
      aria-label={label}
      value={value}
      onChange={(v) => onChange(v ?? undefined)}
      options={options}
      style={{ width }}
    />
  );
}

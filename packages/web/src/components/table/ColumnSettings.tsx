import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import './table.css';

export interface ColumnChoice {
  key: string;
  title: ReactNode;
}

interface ColumnSettingsProps {
  /** The columns the user may hide, in table order. */
  columns: readonly ColumnChoice[];
  hidden: readonly string[];
  /** Compact rows. */
  shrink: boolean;
  onChange(next: { hiddenColumns?: string[]; shrink?: boolean }): void;
  /** The header's link back to the table's default choice ("Show all", "Reset to default"). */
  reset: { label: string; onReset(): void };
  /** Columns that are always shown, said under the header. */
  note?: string;
  /** Words on the button; an icon-only button without. */
  buttonText?: string;
}

/**
 * Which columns a table shows and whether its rows are compact (UI.md: column settings remembered
 * per account — the caller keeps them with `useTablePreference`).
 */
export function ColumnSettings({
  columns,
  hidden,
  shrink,
  onChange,
  reset,
  note,
  buttonText,
}: ColumnSettingsProps) {
  const toggle = (key: string, visible: boolean) => {
    const next = new Set(hidden);
    if (visible) next.delete(key);
    else next.add(key);
    onChange({ hiddenColumns: [...next] });
  };
  const content = (
    <div className="nl-column-settings" data-testid="column-settings">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>Columns</Typography.Text>
        <Button type="link" size="small" onClick={reset.onReset}>
          {reset.label}
        </Button>
      </Flex>
      {note ? (
        <Typography.Text type="secondary" className="nl-column-settings-hint">
          {note}
        </Typography.Text>
      ) : null}
      <div className="nl-column-settings-list">
        {columns.map((c) => (
          <Checkbox
            key={c.key}
            checked={!hidden.includes(c.key)}
            onChange={(e) => toggle(c.key, e.target.checked)}
          >
            {c.title}
          </Checkbox>
        ))}
      </div>
      <Divider className="nl-column-settings-divider" />
      <Flex justify="space-between" align="center">
        <label htmlFor="nl-table-shrink">Compact rows</label>
        <Switch
          id="nl-table-shrink"
          size="small"
          checked={shrink}
          onChange={(v) => onChange({ shrink: v })}
        />
      </Flex>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Button icon={<SettingOutlined />} aria-label="Column settings" title="Column settings">
        {buttonText}
      </Button>
    </Popover>
  );
}

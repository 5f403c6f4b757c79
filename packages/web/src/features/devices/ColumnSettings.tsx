import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Switch, Typography } from 'antd';
import type { DeviceColumnDef } from './deviceColumns';

interface Props {
  columns: DeviceColumnDef[];
  hidden: ReadonlySet<string>;
  shrink: boolean;
  onChange(next: { hiddenColumns?: string[]; shrink?: boolean }): void;
}

/** Which columns the table shows and whether rows are compact; saved per account by the caller. */
export function ColumnSettings({ columns, hidden, shrink, onChange }: Props) {
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
        <Button type="link" size="small" onClick={() => onChange({ hiddenColumns: [] })}>
          Show all
        </Button>
      </Flex>
      <Typography.Text type="secondary" className="nl-column-settings-hint">
        Status and name are always shown.
      </Typography.Text>
      <div className="nl-column-settings-list">
        {columns.map((c) => (
          <Checkbox
            key={c.key}
            checked={!hidden.has(c.key)}
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
      <Button icon={<SettingOutlined />} aria-label="Column settings" title="Column settings" />
    </Popover>
  );
}

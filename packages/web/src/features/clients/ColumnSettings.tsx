import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Switch } from 'antd';
import { HIDEABLE_COLUMNS } from './clientColumns';
import { DEFAULT_HIDDEN_COLUMNS } from './tablePrefs';

interface ColumnSettingsProps {
  hidden: readonly string[];
  shrink: boolean;
  onChange(next: { hiddenColumns: string[]; shrink: boolean }): void;
}

/** Which columns show and how dense the rows are; remembered per account by the caller. */
export function ColumnSettings({ hidden, shrink, onChange }: ColumnSettingsProps) {
  const shown = HIDEABLE_COLUMNS.filter((c) => !hidden.includes(c.key)).map((c) => c.key);
  const content = (
    <div className="nl-column-settings">
      <div className="nl-column-settings-head">Columns</div>
      <Checkbox.Group
        style={{ display: 'flex', flexDirection: 'column', gap: 6 }}
        value={shown}
        options={HIDEABLE_COLUMNS.map((c) => ({ value: c.key, label: c.title }))}
        onChange={(values) =>
          onChange({
            hiddenColumns: HIDEABLE_COLUMNS.map((c) => c.key).filter((k) => !values.includes(k)),
            shrink,
          })
        }
      />
      <Divider style={{ margin: '8px 0' }} />
      <span className="nl-nowrap" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Switch
          size="small"
          id="nl-client-compact"
          checked={shrink}
          onChange={(v) => onChange({ hiddenColumns: [...hidden], shrink: v })}
        />
        <label htmlFor="nl-client-compact">Compact rows</label>
      </span>
      <Button
        size="small"
        type="link"
        style={{ alignSelf: 'flex-start', padding: 0 }}
        onClick={() => onChange({ hiddenColumns: [...DEFAULT_HIDDEN_COLUMNS], shrink: false })}
      >
        Reset to default
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />} aria-label="Column settings" data-testid="column-settings">
        Columns
      </Button>
    </Popover>
  );
}

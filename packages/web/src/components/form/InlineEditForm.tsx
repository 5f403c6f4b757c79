import { Button, Input, Space, Typography } from 'antd';
import './form.css';

interface InlineEditFormProps {
  /** The field's accessible name. */
  label: string;
  value: string;
  onChange(next: string): void;
  /** The rule's message (red) or null: the hint shows instead. */
  error: string | null;
  hint: string;
  saving: boolean;
  onSave(): void;
  onCancel(): void;
  placeholder?: string;
  maxLength?: number;
}

/**
 * The editing half of a value edited in place (a device's name, a client's alias): the box with Save
 * and Cancel, Enter saves, Esc cancels without closing the drawer around it, and the rule's message
 * or the hint under it.
 */
export function InlineEditForm(p: InlineEditFormProps) {
  return (
    <div className="nl-inline-edit-form">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          autoFocus
          size="small"
          aria-label={p.label}
          placeholder={p.placeholder}
          maxLength={p.maxLength}
          status={p.error ? 'error' : undefined}
          value={p.value}
          onChange={(e) => p.onChange(e.target.value)}
          onPressEnter={p.onSave}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              p.onCancel();
            }
          }}
        />
        <Button size="small" type="primary" loading={p.saving} onClick={p.onSave}>
          Save
        </Button>
        <Button size="small" onClick={p.onCancel}>
          Cancel
        </Button>
      </Space.Compact>
      <Typography.Text type={p.error ? 'danger' : 'secondary'} className="nl-inline-edit-hint">
        {p.error ?? p.hint}
      </Typography.Text>
    </div>
  );
}

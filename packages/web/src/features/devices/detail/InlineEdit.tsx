import { EditOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { InlineEditForm } from '../../../components/form';
import type { SafeParser } from '../../../components/zodRule';

interface Props {
  label: string;
  value: string | null;
  schema: SafeParser;
  /** Optional fields may be cleared (saved as ''). */
  optional?: boolean;
  hint: string;
  disabled?: boolean;
  onSave(next: string): Promise<unknown>;
}

/** A value with a pencil: edits in place, checks the domain rule before saving, Esc cancels. */
export function InlineEdit({ label, value, schema, optional, hint, disabled, onSave }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (draft === null) {
    return (
      <Space size={4} className="nl-inline-edit">
        <span className={value ? undefined : 'nl-muted'}>{value || (optional ? 'Not set' : '—')}</span>
        {disabled ? null : (
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${label.toLowerCase()}`}
            onClick={() => {
              setDraft(value ?? '');
              setError(null);
            }}
          />
        )}
      </Space>
    );
  }

  async function save() {
    const next = draft ?? '';
    const parsed = schema.safeParse(next);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid value.');
      return;
    }
    if (next === (value ?? '')) {
      setDraft(null);
      return;
    }
    setSaving(true);
    try {
      await onSave(next);
      setDraft(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <InlineEditForm
      label={label}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        setError(null);
      }}
      error={error}
      hint={hint}
      saving={saving}
      onSave={() => void save()}
      onCancel={() => setDraft(null)}
    />
  );
}

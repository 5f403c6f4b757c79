import { EditOutlined } from '@ant-design/icons';
import { CLIENT_ALIAS_MAX_LENGTH, clientAliasIssue } from '@netloom/domain';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { InlineEditForm } from '../../components/form';
import { useSetClientAlias } from './api';

interface AliasFieldProps {
  projectId: number;
  mac: string;
  alias: string | null;
  /** The name the client reports, shown while no alias is set. */
  reported: string;
  /** Why the alias cannot be changed here (read-only, demo), or null. */
  blocked: string | null;
}

const HINT = `Shown instead of the name the client reports, everywhere in this project. 1–${CLIENT_ALIAS_MAX_LENGTH} characters.`;

/** The client's alias, edited in place: the domain rule checks it before saving, Esc cancels. */
export function AliasField({ projectId, mac, alias, reported, blocked }: AliasFieldProps) {
  const { message } = App.useApp();
  const save = useSetClientAlias(projectId, mac);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(next: string | null) {
    if (next !== null) {
      const issue = clientAliasIssue(next);
      if (issue) return setError(issue);
      if (next === alias) return setDraft(null);
    }
    try {
      await save.mutateAsync(next);
      setDraft(null);
      message.success(next === null ? 'Alias removed' : 'Alias saved');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The alias could not be saved.');
    }
  }

  if (draft === null) {
    return (
      <Space size={4} wrap>
        {alias ? (
          <span data-testid="client-alias">{alias}</span>
        ) : (
          <Typography.Text type="secondary">
            Not set{reported ? ` — shows “${reported}”` : ''}
          </Typography.Text>
        )}
        <Tooltip title={blocked}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            disabled={blocked !== null}
            aria-label={alias ? 'Edit alias' : 'Set alias'}
            onClick={() => {
              setDraft(alias ?? '');
              setError(null);
            }}
          >
            {alias ? null : 'Set alias'}
          </Button>
        </Tooltip>
        {alias && blocked === null ? (
          <Button type="link" size="small" danger loading={save.isPending} onClick={() => void submit(null)}>
            Remove
          </Button>
        ) : null}
      </Space>
    );
  }

  return (
    <InlineEditForm
      label="Alias"
      placeholder={reported || 'e.g. Front desk iPad'}
      maxLength={CLIENT_ALIAS_MAX_LENGTH}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        setError(null);
      }}
      error={error}
      hint={HINT}
      saving={save.isPending}
      onSave={() => void submit(draft)}
      onCancel={() => setDraft(null)}
    />
  );
}

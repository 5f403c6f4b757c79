import { PlusOutlined } from '@ant-design/icons';
import {
  API_DOCS_PATH,
  API_KEYS_PER_ACCOUNT_MAX,
  type ApiKeyCreated,
  type ApiKeyView,
  ERR,
  errorMessage,
} from '@netloom/domain';
import { App, Button, Card, Empty, Table, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useApiKeys, useKeyProjects, useRevokeApiKey } from './api';
import { CreateKeyDrawer } from './CreateKeyDrawer';
import { apiKeyColumns } from './columns';
import { KeyCreatedModal } from './KeyCreatedModal';
import './apiKeys.css';

/**
 * My account's "API keys" card (issue 14 §6): personal keys for scripts and integrations (the
 * openapi access type) — created with a scope, projects and expiry, shown once, revoked here.
 */
export function ApiKeysCard() {
  const { message } = App.useApp();
  const keys = useApiKeys();
  const projects = useKeyProjects();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const list = keys.data?.keys ?? [];
  const atLimit = list.length >= API_KEYS_PER_ACCOUNT_MAX;
  const names = new Map((projects.data?.items ?? []).map((p) => [p.id, p.name]));

  async function handleRevoke(k: ApiKeyView) {
    try {
      await revoke.mutateAsync(k.id);
      message.success(`API key "${k.name}" revoked.`);
    } catch (e) {
      message.error(e instanceof ApiError ? e.message : errorMessage(ERR.SERVER_ERROR));
    }
  }

  return (
    <Card
      title="API keys"
      className="nl-form-card nl-api-keys-card"
      style={{ marginTop: 16 }}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={atLimit}
          title={atLimit ? errorMessage(ERR.API_KEY_LIMIT) : undefined}
        >
          Create API key
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Personal keys let scripts and integrations use the{' '}
        <a href={API_DOCS_PATH} target="_blank" rel="noreferrer">
          Netloom API
        </a>{' '}
        as you, with your rights on each project and never more. Up to {API_KEYS_PER_ACCOUNT_MAX} keys.
      </Typography.Paragraph>
      <Table<ApiKeyView>
        rowKey="id"
        size="middle"
        loading={keys.isPending}
        dataSource={list}
        columns={apiKeyColumns(
          Date.now(),
          (id) => names.get(id) ?? `Project ${id}`,
          handleRevoke,
          revoke.isPending ? (revoke.variables ?? null) : null,
        )}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label="API keys"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No API keys yet — create one to use the API from a script."
            />
          ),
        }}
      />
      {creating ? (
        <CreateKeyDrawer
          onClose={() => setCreating(false)}
          onCreated={(c) => {
            setCreating(false);
            setCreated(c);
          }}
        />
      ) : null}
      {created ? <KeyCreatedModal created={created} onClose={() => setCreated(null)} /> : null}
    </Card>
  );
}

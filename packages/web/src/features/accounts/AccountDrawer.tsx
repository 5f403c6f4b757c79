import {
  ACCOUNT_AUDIT_ACTION_LABELS,
  type AccountRole,
  effectivePermissions,
  type ManagedAccount,
  PERMISSION_FLAG_LABELS,
  PERMISSION_FLAGS,
  type PermissionFlag,
  type PermissionOverrides,
  ROLE_DEFAULT_PERMISSIONS,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Divider,
  Drawer,
  Flex,
  Form,
  Select,
  Timeline,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { useAccountAudit, useUpdateAccount } from './api';
import { ROLE_OPTIONS } from './columns';

interface AccountDrawerProps {
  account: ManagedAccount | null;
  selfId: number;
  onClose(): void;
}

/** Overrides = the flags that differ from the role's defaults (what the server stores). */
function overridesFrom(role: AccountRole, on: ReadonlySet<PermissionFlag>): PermissionOverrides {
  const defaults = ROLE_DEFAULT_PERMISSIONS[role];
  const out: PermissionOverrides = {};
  for (const f of PERMISSION_FLAGS) if (defaults[f] !== on.has(f)) out[f] = on.has(f);
  return out;
}

/**
 * One account's role and per-function permission flags (§6; before, settable only by SQL), with
 * its latest changes. Saved as one change; each part that changed is one audit row.
 */
export function AccountDrawer({ account, selfId, onClose }: AccountDrawerProps) {
  const { message } = App.useApp();
  const update = useUpdateAccount();
  const audit = useAccountAudit(account?.id ?? null);
  const [role, setRole] = useState<AccountRole>(0);
  const [flags, setFlags] = useState<Set<PermissionFlag>>(new Set());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!account) return;
    setRole(account.role);
    const eff = effectivePermissions(account.role, account.permissions);
    setFlags(new Set(PERMISSION_FLAGS.filter((f) => eff[f])));
    setError(null);
  }, [account]);

  const handleSave = async () => {
    if (!account) return;
    try {
      await update.mutateAsync({
        accountId: account.id,
        body: { role, permissions: overridesFrom(role, flags) },
      });
      message.success(`${account.nick} saved.`);
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Save failed. Please try again.');
    }
  };

  const toggle = (f: PermissionFlag, on: boolean) => {
    const next = new Set(flags);
    if (on) next.add(f);
    else next.delete(f);
    setFlags(next);
  };

  return (
    <Drawer
      open={account !== null}
      onClose={onClose}
      size={520}
      title={account ? `Edit ${account.nick}` : 'Edit account'}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={update.isPending} onClick={() => void handleSave()}>
            Save changes
          </Button>
        </Flex>
      }
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Form layout="vertical">
        <Form.Item
          label="Role"
          extra={account?.id === selfId ? 'Your own account keeps the manufacturer role.' : undefined}
        >
          <Select<AccountRole>
            value={role}
            onChange={(r) => {
              setRole(r);
              const eff = effectivePermissions(r, {});
              setFlags(new Set(PERMISSION_FLAGS.filter((f) => eff[f])));
            }}
            options={ROLE_OPTIONS}
            disabled={account?.id === selfId}
            aria-label="Role"
          />
        </Form.Item>
        <Form.Item label="Functions this account may use" extra="Unticked functions disappear from its menu.">
          <div className="nl-accounts-flags">
            {PERMISSION_FLAGS.map((f) => (
              <Checkbox key={f} checked={flags.has(f)} onChange={(e) => toggle(f, e.target.checked)}>
                {PERMISSION_FLAG_LABELS[f]}
              </Checkbox>
            ))}
          </div>
        </Form.Item>
      </Form>
      <Divider titlePlacement="start">Latest changes</Divider>
      {audit.data && audit.data.items.length > 0 ? (
        <Timeline
          items={audit.data.items.map((e) => ({
            key: e.id,
            content: (
              <div>
                <Typography.Text strong>{ACCOUNT_AUDIT_ACTION_LABELS[e.action]}</Typography.Text>
                <div>{e.summary}</div>
                <Typography.Text type="secondary">
                  {new Date(e.at).toLocaleString('en-US')} · {e.actor?.nick ?? 'Deleted account'}
                </Typography.Text>
              </div>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">No changes yet.</Typography.Text>
      )}
    </Drawer>
  );
}

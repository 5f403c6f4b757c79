import {
  ACCOUNT_STATUS_LABELS,
  ACCOUNT_STATUSES,
  type AccountRole,
  type AccountStatus,
  canManageAccounts,
  DEFAULT_PAGE_SIZE,
  type ManagedAccount,
  MEMBER_LEVEL_LABELS,
  MEMBER_LEVELS,
  type MemberLevel,
} from '@netloom/domain';
import { App, Card, Result, Select, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { FilterSelect, ListToolbar } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { useAccount } from '../../session/session';
import { AccountDrawer } from './AccountDrawer';
import { useAccountList, useUpdateAccount } from './api';
import { accountColumns, ROLE_OPTIONS } from './columns';
import './accounts.css';

const SEARCH_DEBOUNCE_MS = 300; // not a rule: typing pause before the list asks again

const LEVEL_FILTER = {
  label: 'Member level filter',
  placeholder: 'All levels',
  options: MEMBER_LEVELS.map((l) => ({ value: l, label: MEMBER_LEVEL_LABELS[l] })),
  width: 160,
};
const STATUS_FILTER = {
  label: 'Status filter',
  placeholder: 'All statuses',
  options: ACCOUNT_STATUSES.map((s) => ({ value: s, label: ACCOUNT_STATUS_LABELS[s] })),
  width: 140,
};

/**
 * Account management (§2 named screen; issue 14 §5): every account, searched and paged on the
 * server, with its role, member level and status; the level changes in place, disabling asks first,
 * the drawer edits role and permission flags. Manufacturer role only (the server says 403 too).
 */
export default function AccountManagementPage() {
  const { account: me } = useAccount();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [role, setRole] = useState<AccountRole | undefined>();
  const [level, setLevel] = useState<MemberLevel | undefined>();
  const [status, setStatus] = useState<AccountStatus | undefined>();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<ManagedAccount | null>(null);
  const update = useUpdateAccount();

  useEffect(() => {
    const t = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);

  const allowed = canManageAccounts(me.role);
  const query = { q: q || undefined, role, level, status, page, pageSize };
  const list = useAccountList(allowed ? query : { page: 1, pageSize: 1 });

  const columns = useMemo(
    () =>
      accountColumns({
        selfId: me.id,
        onEdit: setEditing,
        onLevel: (a, next) =>
          update.mutate(
            { accountId: a.id, body: { memberLevel: next } },
            {
              onSuccess: () =>
                message.success(`${a.nick} is now a ${MEMBER_LEVEL_LABELS[next].toLowerCase()}.`),
              onError: (e) =>
                message.error(e instanceof ApiError ? e.message : 'Save failed. Please try again.'),
            },
          ),
        onDisable: (a, disabled) =>
          update.mutate(
            { accountId: a.id, body: { disabled } },
            {
              onSuccess: () => message.success(disabled ? `${a.nick} is disabled.` : `${a.nick} is enabled.`),
              onError: (e) =>
                message.error(e instanceof ApiError ? e.message : 'Save failed. Please try again.'),
            },
          ),
      }),
    [me.id, update, message],
  );

  if (!allowed)
    return <Result status="403" title="No access" subTitle="Only the manufacturer role manages accounts." />;

  return (
    <>
      <PageHeader
        title="Account management"
        description="Every account of the console: its role, member level, status and the functions it may use."
      />
      <Card>
        <ListToolbar
          search={{
            placeholder: 'Search nick, e-mail, mobile or cloud code',
            label: 'Search accounts',
            width: 320,
          }}
          query={search}
          onQuery={setSearch}
          extra={
            list.data ? (
              <span className="nl-accounts-total">
                {list.data.total} {list.data.total === 1 ? 'account' : 'accounts'}
              </span>
            ) : null
          }
        >
          <Select<AccountRole>
            allowClear
            placeholder="All roles"
            aria-label="Role filter"
            value={role}
            onChange={(v) => {
              setRole(v ?? undefined);
              setPage(1);
            }}
            options={ROLE_OPTIONS}
            style={{ width: 160 }}
          />
          <FilterSelect
            filter={LEVEL_FILTER}
            value={level}
            onChange={(v) => {
              setLevel(v);
              setPage(1);
            }}
          />
          <FilterSelect
            filter={STATUS_FILTER}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </ListToolbar>
        <Table<ManagedAccount>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching && !list.data}
          sticky
          pagination={{
            ...PAGINATION_DEFAULTS,
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
          locale={{ emptyText: q ? `No account matches "${q}".` : 'No accounts yet.' }}
        />
      </Card>
      <AccountDrawer account={editing} selfId={me.id} onClose={() => setEditing(null)} />
    </>
  );
}

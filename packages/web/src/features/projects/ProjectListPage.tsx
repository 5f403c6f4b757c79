import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { NET_MODES, type Project } from '@netloom/domain';
import { App, Button, Card, Empty, Flex, Input, Segmented, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { storage } from '../../browser/storage';
import { PageHeader } from '../../components/PageHeader';
import { useAccount, useCurrentProject } from '../../session/session';
import { useDeleteProject, useProjects } from './api';
import { ProjectFormDrawer } from './ProjectFormDrawer';
import { PROJECT_SORTERS, type ProjectSortField, projectColumns, type SortOrder } from './projectColumns';
import { useOpenProject } from './useOpenProject';
import './projects.css';
import { QueryContent } from '../../components/LoadError';
import { columnsWidth, STICKY_HEADER } from '../../components/table';

type NetModeFilter = 'all' | 'wlan' | 'mesh';
interface ListPrefs {
  pageSize: number;
  sortField: ProjectSortField | null;
  sortOrder: SortOrder;
}
const TABLE_ID = 'projects';
const DEFAULT_PREFS: ListPrefs = { pageSize: 10, sortField: 'createdAt', sortOrder: 'descend' };

const PAGE_SIZES = [10, 20, 50, 100];

/** The stored preferences, each value checked: storage is user-editable and may be stale. */
function readPrefs(accountId: number): ListPrefs {
  const stored = storage.getTablePrefs(accountId, TABLE_ID) ?? {};
  const pageSize = PAGE_SIZES.includes(Number(stored.pageSize))
    ? Number(stored.pageSize)
    : DEFAULT_PREFS.pageSize;
  const field = stored.sortField;
  const order = stored.sortOrder;
  if (field === null || order === null) return { pageSize, sortField: null, sortOrder: null };
  const validField = typeof field === 'string' && Object.hasOwn(PROJECT_SORTERS, field);
  const validOrder = order === 'ascend' || order === 'descend';
  return validField && validOrder
    ? { pageSize, sortField: field as ProjectSortField, sortOrder: order }
    : { ...DEFAULT_PREFS, pageSize };
}

function plural(n: number): string {
  return `${n} project${n === 1 ? '' : 's'}`;
}

function matches(p: Project, search: string, mode: NetModeFilter): boolean {
  if (mode === 'wlan' && p.netMode !== NET_MODES.WLAN) return false;
  if (mode === 'mesh' && p.netMode !== NET_MODES.MESH) return false;
  if (!search) return true;
  const q = search.toLowerCase();
  return [p.name, p.location, p.address, p.ownerNick].some((s) => s.toLowerCase().includes(q));
}

/** /overview/list — every project of the account, with create, edit, delete and open. */
export default function ProjectListPage() {
  const { account } = useAccount();
  const { project: current, clearProject } = useCurrentProject();
  const { modal, message } = App.useApp();
  const openProject = useOpenProject();
  const projects = useProjects({ fresh: true });
  const remove = useDeleteProject();
  const [searchParams, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<NetModeFilter>('all');
  const [page, setPage] = useState(1);
  // The edited project stays set while the drawer animates closed, so its title does not flip.
  const [editing, setEditing] = useState<Project | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  // Page size and sort are remembered per account (§3 per-account table preferences).
  const [prefs, setPrefs] = useState<ListPrefs>(() => readPrefs(account.id));
  const creating = searchParams.get('create') === '1';

  function updatePrefs(next: ListPrefs) {
    setPrefs(next);
    storage.setTablePrefs(account.id, TABLE_ID, { ...next });
  }
  function openCreate() {
    setEditing(null);
    setSearchParams((p) => {
      p.set('create', '1');
      return p;
    });
  }
  function openEdit(p: Project) {
    setEditing(p);
    setEditOpen(true);
  }
  function closeDrawer() {
    setEditOpen(false);
    if (creating) {
      setSearchParams((p) => {
        p.delete('create');
        return p;
      });
    }
  }
  function handleDelete(p: Project) {
    const devices =
      p.deviceCount === 0
        ? 'It has no devices.'
        : `Its ${p.deviceCount} device${p.deviceCount === 1 ? '' : 's'} will be removed from the project and can be added to another one.`;
    modal.confirm({
      title: `Delete project “${p.name}”?`,
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          The project, its settings and its shares are deleted for everyone. {devices} This cannot be undone.
        </Typography.Paragraph>
      ),
      okText: 'Delete project',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync(p.id);
          if (current?.id === p.id) clearProject();
          message.success(`Project “${p.name}” deleted.`);
        } catch (error) {
          message.error(error instanceof Error ? error.message : 'Delete failed.');
        }
      },
    });
  }

  const all = projects.data?.items ?? [];
  const rows = useMemo(() => {
    const filtered = all.filter((p) => matches(p, search.trim(), mode));
    const { sortField, sortOrder } = prefs;
    if (!sortField || !sortOrder) return filtered;
    const sorter = PROJECT_SORTERS[sortField];
    return [...filtered].sort((a, b) => (sortOrder === 'ascend' ? sorter(a, b) : sorter(b, a)));
  }, [all, search, mode, prefs]);

  const columns = projectColumns({
    sortField: prefs.sortField,
    sortOrder: prefs.sortOrder,
    onOpen: openProject,
    onEdit: openEdit,
    onDelete: handleDelete,
  });
  const filtering = search.trim() !== '' || mode !== 'all';

  const emptyText = filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No projects match your search or filter.">
      <Button
        onClick={() => {
          setSearch('');
          setMode('all');
        }}
      >
        Clear filters
      </Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description="No projects yet — create one to add devices to it."
    >
      <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
        Create project
      </Button>
    </Empty>
  );

  return (
    <>
      <PageHeader
        title="Projects"
        description="Every project you own or that is shared with you. Open one to manage its network."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={openCreate}>
            Create project
          </Button>
        }
      />
      <Card className="nl-table-card">
        <Flex justify="space-between" align="center" gap={12} wrap className="nl-table-toolbar">
          <Flex gap={12} align="center" wrap>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder="Search name, location or owner"
              aria-label="Search projects"
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(1);
              }}
              style={{ width: 280 }}
            />
            <Segmented<NetModeFilter>
              aria-label="Network mode filter"
              value={mode}
              onChange={(v) => {
                setMode(v);
                setPage(1);
              }}
              options={[
                { value: 'all', label: 'All modes' },
                { value: 'wlan', label: 'WLAN' },
                { value: 'mesh', label: 'Mesh' },
              ]}
            />
          </Flex>
          <Typography.Text type="secondary">
            {filtering ? `${rows.length} of ${plural(all.length)}` : plural(all.length)}
          </Typography.Text>
        </Flex>
        <QueryContent query={projects} title="The project list could not be loaded.">
          <Table<Project>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={rows}
            sticky={STICKY_HEADER}
            tableLayout="fixed"
            scroll={{ x: columnsWidth(columns) }}
            locale={{ emptyText }}
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const field = (s?.columnKey as ProjectSortField | undefined) ?? null;
              updatePrefs({
                pageSize: pagination.pageSize ?? prefs.pageSize,
                sortField: s?.order ? field : null,
                sortOrder: s?.order ?? null,
              });
              setPage(pagination.current ?? 1);
            }}
            pagination={{
              current: page,
              pageSize: prefs.pageSize,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
              hideOnSinglePage: false,
            }}
          />
        </QueryContent>
      </Card>
      <ProjectFormDrawer
        open={creating || editOpen}
        project={creating ? null : editing}
        onClose={closeDrawer}
      />
    </>
  );
}

import { CloudServerOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  canConfigure,
  DEVICE_PAGE_SIZES,
  type Device,
  type DeviceListQuery,
  type DeviceSortKey,
} from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Table, Tabs, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useLiveEvents } from '../../api/live';
import { plural } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { useCurrentProject } from '../../session/session';
import { CONFIG_COLUMN_WIDTH, configDeliveryColumn, useDeliveryByDevice } from '../config';
import {
  BulkUpgradeAction,
  FirmwareCell,
  FirmwareFilesDrawer,
  NewerFirmwareBadge,
  UpgradeStatusLine,
  useUpgradeTracking,
} from '../firmware';
import { BulkMaintenanceActions } from '../maintenance';
import { RebootSchedulesButton } from '../rebootSchedules';
import { AddDeviceModal } from './add/AddDeviceModal';
import { applyDeviceStatus, useDeleteDevices, useDeviceList, useDeviceTypes } from './api';
import { type DeviceFilters, DeviceToolbar, EMPTY_FILTERS } from './DeviceToolbar';
import { DeviceDetailDrawer } from './detail/DeviceDetailDrawer';
import { buildColumns, columnsForType } from './deviceColumns';
import { typeTabLabel, typeTabs } from './deviceTypes';
import { PendingDevicesBanner } from './pending/PendingDevicesBanner';
import { useDeviceTablePreference } from './tablePreference';
import './devices.css';
import { QueryContent } from '../../components/LoadError';
import { ColumnSettings, STICKY_HEADER } from '../../components/table';
import { devicePath, MENU_PAGES } from '../../navigation/paths';

function toQuery(
  type: string,
  f: DeviceFilters,
  sort: DeviceSortKey,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
): DeviceListQuery {
  const value = f.value.trim();
  return {
    type: type === 'all' ? undefined : type,
    q: f.q.trim() || undefined,
    [f.field]: value || undefined,
    status: f.status ?? undefined,
    sort,
    order,
    page,
    pageSize,
  } as DeviceListQuery;
}

/** /manage/devconf — the project's devices per type; detail at /manage/devconf/:deviceId (drawer). */
export default function DeviceListPage() {
  const { project } = useCurrentProject();
  if (!project) return null; // the route guard asks for a project first
  return (
    <DeviceList
      projectId={project.id}
      canWrite={canConfigure(project.right)}
      isOwner={project.right === 'own'}
    />
  );
}

/** The Firmware column's extra width: the version and the "newer" badge. */
const FIRMWARE_CELL_EXTRA_WIDTH = 60;

function DeviceList({
  projectId,
  canWrite,
  isOwner,
}: {
  projectId: number;
  canWrite: boolean;
  isOwner: boolean;
}) {
  // Upgrade stages follow `command.updated` into the Firmware cells and the drawer.
  useUpgradeTracking(projectId);
  const [firmwareOpen, setFirmwareOpen] = useState(false);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { deviceId } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const type = searchParams.get('type') ?? 'all';
  const [filters, setFilters] = useState<DeviceFilters>(EMPTY_FILTERS);
  const [sort, setSort] = useState<{ key: DeviceSortKey; order: 'asc' | 'desc' }>({
    key: 'name',
    order: 'asc',
  });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Device[]>([]);
  const [addOpen, setAddOpen] = useState(false);
  const { pref, update } = useDeviceTablePreference(type);
  const hidden = useMemo(() => new Set(pref.hiddenColumns), [pref.hiddenColumns]);

  const types = useDeviceTypes(projectId);
  const list = useDeviceList(projectId, toQuery(type, filters, sort.key, sort.order, page, pref.pageSize));
  const remove = useDeleteDevices(projectId);

  // Status tags change in place as devices go up and down; the coalesced refetch follows.
  useLiveEvents(
    projectId,
    (e) => {
      if (e.type === 'device.status') applyDeviceStatus(queryClient, projectId, e.deviceId, e.status);
    },
    ['device.status'],
  );

  const openDevice = (d: Pick<Device, 'id'>) =>
    navigate({ pathname: devicePath(d.id), search: searchParams.toString() });
  const closeDevice = () => navigate({ pathname: MENU_PAGES.devices, search: searchParams.toString() });

  function confirmDelete(devices: Device[]) {
    const n = devices.length;
    const first = devices[0];
    if (!first) return;
    modal.confirm({
      title: n === 1 ? `Delete device “${first.name}”?` : `Delete ${plural(n, 'device')}?`,
      content: (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {n === 1
            ? 'The device is removed from this project together with its traffic history, clients and events. The device itself keeps running and can be added to a project again by its serial number.'
            : `These ${n} devices are removed from this project together with their traffic history, clients and events. The devices themselves keep running and can be added to a project again by their serial numbers.`}{' '}
          This cannot be undone.
        </Typography.Paragraph>
      ),
      okText: n === 1 ? 'Delete device' : `Delete ${plural(n, 'device')}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const outcome = await remove.mutateAsync(devices);
        setSelected((s) => s.filter((d) => !devices.some((x) => x.id === d.id)));
        if (outcome.failed.length === 0) message.success(`${plural(outcome.deleted, 'device')} deleted.`);
        else {
          const why = outcome.failed[0]?.error;
          message.error(
            `${plural(outcome.failed.length, 'device')} could not be deleted${why instanceof Error ? `: ${why.message}` : '.'}`,
          );
        }
      },
    });
  }

  const { columns, width } = buildColumns({
    type,
    hidden,
    sort: sort.key,
    order: sort.order,
    canWrite,
    onOpen: openDevice,
    onDelete: (d) => confirmDelete([d]),
  });
  // The configuration delivery state after the name (issue 4: applied / pending / failed per device).
  const delivery = useDeliveryByDevice(projectId);
  const configColumn = configDeliveryColumn(delivery);
  // Firmware (issue 13 §1): "newer firmware available" beside the name (always visible, one line) and
  // a running upgrade's stage under it; the version and its badge in the Firmware column.
  const hasFirmware = columns.some((c) => c.key === 'firmwareVersion');
  const withFirmware = columns.map((c) => {
    const own = c.render;
    const base = (v: unknown, d: Device, i: number) => own?.(v, d, i) as React.ReactNode;
    if (c.key === 'name')
      return {
        ...c,
        render: (v: unknown, d: Device, i: number) => (
          <div className="nl-device-name-block">
            <span className="nl-device-name-cell">
              {base(v, d, i)}
              <NewerFirmwareBadge projectId={projectId} device={d} iconOnly />
            </span>
            <UpgradeStatusLine projectId={projectId} deviceId={d.id} />
          </div>
        ),
      };
    if (c.key === 'firmwareVersion')
      return {
        ...c,
        width: Number(c.width) + FIRMWARE_CELL_EXTRA_WIDTH,
        render: (_: unknown, d: Device) => <FirmwareCell projectId={projectId} device={d} />,
      };
    return c;
  });
  const shownColumns = [...withFirmware.slice(0, 2), configColumn, ...withFirmware.slice(2)];
  const shownWidth = width + CONFIG_COLUMN_WIDTH + (hasFirmware ? FIRMWARE_CELL_EXTRA_WIDTH : 0);
  const filtering = filters.q.trim() !== '' || filters.value.trim() !== '' || filters.status !== null;
  const tabs = typeTabs(types.data, type);
  const total = types.data?.total ?? 0;

  const addButton = (
    <Tooltip
      title={canWrite ? undefined : 'You can only view this project: adding devices needs the manage right.'}
    >
      <Button type="primary" icon={<PlusOutlined />} disabled={!canWrite} onClick={() => setAddOpen(true)}>
        Add device
      </Button>
    </Tooltip>
  );

  const emptyText = filtering ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No devices match your search or filters.">
      <Button onClick={() => setFilters(EMPTY_FILTERS)}>Clear filters</Button>
    </Empty>
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        total === 0
          ? 'No devices yet — Add device'
          : `No ${typeTabLabel(type).toLowerCase()} in this project.`
      }
      data-testid="devices-empty"
    >
      {total === 0 ? addButton : null}
    </Empty>
  );

  const setType = (next: string) => {
    setSearchParams((p) => {
      if (next === 'all') p.delete('type');
      else p.set('type', next);
      return p;
    });
    setPage(1);
    setSelected([]);
  };

  return (
    <>
      <PageHeader
        title="Device maintenance"
        description={
          types.data
            ? `${plural(types.data.total, 'device')} in this project, ${types.data.online} online. Statuses update live.`
            : 'Every device of the current project, its status and load. Statuses update live.'
        }
        actions={
          <>
            <Button
              icon={<CloudServerOutlined />}
              onClick={() => setFirmwareOpen(true)}
              data-testid="firmware-open"
            >
              Firmware
            </Button>
            <RebootSchedulesButton projectId={projectId} canWrite={canWrite} />
            {addButton}
          </>
        }
      />
      <PendingDevicesBanner projectId={projectId} canWrite={canWrite} />
      <Card className="nl-table-card nl-devices-card">
        <Tabs
          activeKey={type}
          onChange={setType}
          className="nl-device-tabs"
          items={tabs.map((t) => ({
            key: t.key,
            label: (
              <span data-testid={`device-tab-${t.key}`}>
                {typeTabLabel(t.key)} <span className="nl-tab-count">{t.count}</span>
              </span>
            ),
          }))}
        />
        <Flex justify="space-between" align="center" gap={12} wrap className="nl-table-toolbar">
          <DeviceToolbar
            filters={filters}
            onChange={(patch) => {
              setFilters((f) => ({ ...f, ...patch }));
              setPage(1);
            }}
          />
          <Flex gap={12} align="center">
            {canWrite ? (
              <BulkUpgradeAction projectId={projectId} devices={selected} onDone={() => setSelected([])} />
            ) : null}
            {canWrite ? (
              <BulkMaintenanceActions
                projectId={projectId}
                devices={selected}
                onDone={() => setSelected([])}
              />
            ) : null}
            {selected.length > 0 && canWrite ? (
              <Button
                danger
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(selected)}
                data-testid="bulk-delete"
              >
                Delete {plural(selected.length, 'device')}
              </Button>
            ) : null}
            <Typography.Text type="secondary">
              {list.data ? plural(list.data.total, 'device') : ''}
            </Typography.Text>
            <ColumnSettings
              columns={columnsForType(type)}
              hidden={pref.hiddenColumns}
              shrink={pref.shrink}
              onChange={(patch) => update(patch)}
              reset={{ label: 'Show all', onReset: () => update({ hiddenColumns: [] }) }}
              note="Status and name are always shown."
            />
          </Flex>
        </Flex>
        <QueryContent query={list} title="The device list could not be loaded.">
          <Table<Device>
            rowKey="id"
            data-testid="device-table"
            size={pref.shrink ? 'small' : 'middle'}
            columns={shownColumns}
            dataSource={list.data?.items}
            loading={list.isFetching && list.isPlaceholderData}
            sticky={STICKY_HEADER}
            tableLayout="fixed"
            scroll={{ x: shownWidth }}
            locale={{ emptyText }}
            onRow={(d) => ({ 'data-sn': d.sn, 'data-device-id': d.id }) as React.HTMLAttributes<HTMLElement>}
            rowSelection={
              canWrite
                ? {
                    selectedRowKeys: selected.map((d) => d.id),
                    preserveSelectedRowKeys: true,
                    onChange: (_keys, rows) =>
                      // Rows of other pages stay selected (preserve) but antd passes them as undefined.
                      setSelected((prev) => {
                        const byId = new Map(prev.map((d) => [d.id, d]));
                        return _keys
                          .map((k) => rows.find((r) => r?.id === k) ?? byId.get(Number(k)))
                          .filter((d): d is Device => d !== undefined);
                      }),
                  }
                : undefined
            }
            onChange={(pagination, _filters, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              if (pagination.pageSize && pagination.pageSize !== pref.pageSize) {
                update({ pageSize: pagination.pageSize });
                setPage(1);
              } else setPage(pagination.current ?? 1);
              const key = s?.order ? (s.columnKey as DeviceSortKey) : 'name';
              const order = s?.order === 'descend' ? 'desc' : 'asc';
              if (key !== sort.key || order !== sort.order) setSort({ key, order });
            }}
            pagination={{
              current: page,
              pageSize: pref.pageSize,
              total: list.data?.total,
              ...PAGINATION_DEFAULTS,
              pageSizeOptions: DEVICE_PAGE_SIZES.map(String),
            }}
          />
        </QueryContent>
      </Card>
      <DeviceDetailDrawer
        projectId={projectId}
        deviceId={deviceId ? Number(deviceId) : null}
        canWrite={canWrite}
        onClose={closeDevice}
        onDeleted={closeDevice}
      />
      <AddDeviceModal open={addOpen} onClose={() => setAddOpen(false)} />
      <FirmwareFilesDrawer
        projectId={projectId}
        open={firmwareOpen}
        canManage={isOwner}
        onClose={() => setFirmwareOpen(false)}
      />
    </>
  );
}

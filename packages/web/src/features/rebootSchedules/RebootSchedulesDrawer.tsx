import { DeleteOutlined, EditOutlined, FieldTimeOutlined, PlusOutlined } from '@ant-design/icons';
import { describeRebootPlan, type RebootScheduleView, timeZoneShortLabel } from '@netloom/domain';
import { Alert, App, Button, Card, Drawer, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { QueryContent } from '../../components/LoadError';
import { useDeleteRebootSchedule, useRebootSchedules, useScheduleDevices } from './api';
import { ScheduleFormModal, type ScheduleTarget } from './ScheduleFormModal';
import { formatInZone, kindLabel } from './words';
import './rebootSchedules.css';

/** "Next: Thu 2026-03-12 03:00", or why there is none. */
function NextRun({ s, zone }: { s: RebootScheduleView; zone: string }) {
  if (!s.enabled) return <Typography.Text type="secondary">Off</Typography.Text>;
  return s.nextRunAt === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <span className="nl-nowrap" data-testid="reboot-next-run">
      {formatInZone(s.nextRunAt, zone)}
    </span>
  );
}

function LastRun({ s, zone }: { s: RebootScheduleView; zone: string }) {
  return s.lastRunAt === null ? (
    <Typography.Text type="secondary">Not yet</Typography.Text>
  ) : (
    <span className="nl-nowrap">{formatInZone(s.lastRunAt, zone)}</span>
  );
}

/**
 * The project's reboot schedules (issue 13 §1): the whole project's (weekly or cyclic, for every
 * device that may have one and has none of its own) and the devices' own, each with its next run on
 * the project's clock. Switches, NVRs and CPEs have none (§6); an AP only a cyclic one.
 */
export function RebootSchedulesDrawer({
  projectId,
  open,
  canWrite,
  onClose,
}: {
  projectId: number;
  open: boolean;
  canWrite: boolean;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const list = useRebootSchedules(projectId, open);
  const devices = useScheduleDevices(projectId, open);
  const remove = useDeleteRebootSchedule(projectId);
  const [editing, setEditing] = useState<ScheduleTarget | null>(null);
  const zone = list.data?.timeZone ?? 'UTC';
  const schedules = list.data?.schedules ?? [];
  const project = schedules.find((s) => s.deviceId === null);
  const own = schedules.filter((s) => s.deviceId !== null);
  const taken = new Set(own.map((s) => s.deviceId ?? 0));

  async function handleDelete(s: RebootScheduleView) {
    try {
      await remove.mutateAsync(s.id);
      message.success('Reboot schedule deleted');
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'The schedule could not be deleted.');
    }
  }

  const actions = (s: RebootScheduleView) =>
    canWrite ? (
      <Flex gap={4}>
        <Button
          size="small"
          icon={<EditOutlined />}
          onClick={() => setEditing({ kind: 'edit', schedule: s })}
          aria-label={`Edit ${s.deviceName ?? 'the project'}’s schedule`}
        >
          Edit
        </Button>
        <Popconfirm
          title="Delete this reboot schedule?"
          description={
            s.deviceId === null
              ? 'Devices without their own schedule will no longer reboot automatically.'
              : 'The device follows the project’s schedule again.'
          }
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => handleDelete(s)}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label="Delete schedule" />
        </Popconfirm>
      </Flex>
    ) : null;

  const columns: ColumnsType<RebootScheduleView> = [
    { key: 'device', title: 'Device', render: (_, s) => s.deviceName ?? '—' },
    { key: 'type', title: 'Type', width: 130, render: (_, s) => kindLabel(s.deviceType) },
    { key: 'plan', title: 'Schedule', render: (_, s) => describeRebootPlan(s) },
    { key: 'next', title: 'Next run', width: 170, render: (_, s) => <NextRun s={s} zone={zone} /> },
    { key: 'actions', title: '', width: 120, render: (_, s) => actions(s) },
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Reboot schedules"
      width={760}
      data-testid="reboot-schedules-drawer"
      extra={
        <Typography.Text type="secondary">
          Project time: {timeZoneShortLabel(zone, Date.now())}
        </Typography.Text>
      }
    >
      <QueryContent query={list} title="The reboot schedules could not be loaded">
        <Flex vertical gap={16}>
          <Alert
            type="info"
            showIcon
            message="Restart devices automatically at a quiet hour"
            description="A scheduled reboot runs at a time on chosen days; a cyclic one every N days or hours. Gateways, routers and mesh units may have either, access points only a cyclic one; switches, NVRs and CPEs have no automatic maintenance. A device online for less than an hour at that time, offline or busy is skipped, and the skip is written to the system log."
          />
          <Card
            size="small"
            title="Whole project"
            extra={
              canWrite && !project ? (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ kind: 'new-project' })}
                  data-testid="reboot-add-project"
                >
                  Add project schedule
                </Button>
              ) : null
            }
          >
            {project ? (
              <Flex
                justify="space-between"
                align="center"
                gap={16}
                wrap
                data-testid="reboot-project-schedule"
              >
                <Flex vertical gap={2}>
                  <Typography.Text strong>
                    <FieldTimeOutlined /> {describeRebootPlan(project)}{' '}
                    <Tag color={project.enabled ? 'green' : 'default'}>{project.enabled ? 'On' : 'Off'}</Tag>
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    Next run: <NextRun s={project} zone={zone} /> · Last run:{' '}
                    <LastRun s={project} zone={zone} />
                  </Typography.Text>
                </Flex>
                {actions(project)}
              </Flex>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="No project schedule: devices reboot only when someone restarts them."
              />
            )}
          </Card>
          <Card
            size="small"
            title="Devices with their own schedule"
            extra={
              canWrite ? (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => setEditing({ kind: 'new-device' })}
                  data-testid="reboot-add-device"
                >
                  Add device schedule
                </Button>
              ) : null
            }
          >
            <Table<RebootScheduleView>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={own}
              pagination={false}
              scroll={{ x: 640 }}
              locale={{
                emptyText: 'No device has its own schedule: every eligible device follows the project’s.',
              }}
              data-testid="reboot-device-schedules"
            />
          </Card>
        </Flex>
      </QueryContent>
      {editing ? (
        <ScheduleFormModal
          projectId={projectId}
          timeZone={zone}
          target={editing}
          devices={devices.data?.items ?? []}
          takenDeviceIds={taken}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Drawer>
  );
}

/** The device maintenance page's "Reboot schedules" button and its drawer. */
export function RebootSchedulesButton({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FieldTimeOutlined />} onClick={() => setOpen(true)} data-testid="reboot-schedules-open">
        Reboot schedules
      </Button>
      <RebootSchedulesDrawer
        projectId={projectId}
        open={open}
        canWrite={canWrite}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

import { CloudServerOutlined, DeleteOutlined, DesktopOutlined, SettingOutlined } from '@ant-design/icons';
import { type DeviceDetail, type DeviceUpdate, ERR, errorMessage } from '@netloom/domain';
import { App, Button, Descriptions, Drawer, Flex, Result, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { devicePath, devicePortsPath } from '../../../navigation/paths';
import { DeviceEventsSection } from '../../alarms';
import { useBackupNowItem } from '../../backup';
import { DeviceConfigSection, DeviceConfigTag } from '../../config';
import { CpeBridgeSection } from '../../cpe';
import { DeviceUpgradeAction } from '../../firmware';
import { DeviceActions } from '../../maintenance';
import { NvrSections } from '../../nvr';
import { useRebootScheduleItem } from '../../rebootSchedules';
import { useRemoteManagementItem } from '../../remote';
import { DeviceRadioSection } from '../../rf';
import { useDeleteDevices, useDevice, useUpdateDevice } from '../api';
import { isLocallyManaged, LocalManagementNotice, managementModePagePath } from '../ManagementModeTag';
import { DeviceReportingTag, ProtocolProblemsSection } from '../ProtocolProblems';
import { DeviceRadios } from './DeviceHardware';
import { DeviceHealth } from './DeviceHealth';
import { DeviceIdentity } from './DeviceIdentity';
import { DevicePorts } from './DevicePorts';
import { DeviceTraffic } from './DeviceTraffic';

interface Props {
  projectId: number;
  deviceId: number | null;
  canWrite: boolean;
  onClose(): void;
  onDeleted(): void;
}

/** Device detail at /manage/devconf/:deviceId, over the list (the list keeps its state). */
export function DeviceDetailDrawer({ projectId, deviceId, canWrite, onClose, onDeleted }: Props) {
  const detail = useDevice(projectId, deviceId);
  const d = detail.data;
  return (
    <Drawer
      open={deviceId !== null}
      onClose={onClose}
      size={760}
      data-testid="device-detail"
      title={
        d ? (
          <Flex align="center" gap={10}>
            <span>{d.name}</span>
            <DeviceReportingTag device={d} />
            <DeviceConfigTag projectId={projectId} deviceId={d.id} />
          </Flex>
        ) : (
          'Device'
        )
      }
      extra={d && canWrite ? <DrawerActions projectId={projectId} device={d} onDeleted={onDeleted} /> : null}
    >
      {detail.isError ? (
        <Result
          status="warning"
          title={
            detail.error instanceof ApiError && (detail.error.code === 410 || detail.error.code === 404)
              ? 'This device is no longer in the project'
              : 'The device could not be loaded'
          }
          subTitle={detail.error.message}
          extra={<Button onClick={onClose}>Back to the list</Button>}
        />
      ) : !d ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <DeviceDetailBody projectId={projectId} device={d} canWrite={canWrite} />
      )}
    </Drawer>
  );
}

function DeviceDetailBody({
  projectId,
  device: d,
  canWrite,
}: {
  projectId: number;
  device: DeviceDetail;
  canWrite: boolean;
}) {
  const update = useUpdateDevice(projectId, d.id);
  const navigate = useNavigate();
  const { search } = useLocation();
  const save = (patch: DeviceUpdate) => update.mutateAsync(patch);
  const openDevice = (id: number) => navigate({ pathname: devicePath(id), search });

  return (
    <Flex vertical gap={24} className="nl-device-detail">
      <LocalManagementNotice projectId={projectId} device={d} canWrite={canWrite} />
      <DeviceHealth device={d} />
      <ProtocolProblemsSection device={d} />
      <DeviceIdentity projectId={projectId} device={d} canWrite={canWrite} onSave={save} />
      <section>
        <Typography.Title level={5}>Connections</Typography.Title>
        <Descriptions size="small" column={1} bordered className="nl-detail-desc">
          <Descriptions.Item label="Uplink">
            {d.uplink ? (
              <span data-testid="device-uplink">
                {d.uplink.deviceId !== null ? (
                  <Button
                    type="link"
                    size="small"
                    className="nl-link-inline"
                    onClick={() => openDevice(d.uplink?.deviceId ?? 0)}
                  >
                    {d.uplink.name ?? d.uplink.sn}
                  </Button>
                ) : (
                  <span className="nl-mono">{d.uplink.sn}</span>
                )}
                {d.uplink.port ? ` · port ${d.uplink.port}` : ''}
                {d.uplink.kind ? (
                  <Typography.Text type="secondary"> ({d.uplink.kind})</Typography.Text>
                ) : null}
              </span>
            ) : (
              <Typography.Text type="secondary">
                None — this device connects to the Internet itself.
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="Downlinks">
            {d.downlinks.length === 0 ? (
              <Typography.Text type="secondary">
                No devices of this project connect through it.
              </Typography.Text>
            ) : (
              <Flex wrap gap={4} data-testid="device-downlinks">
                {d.downlinks.map((x) => (
                  <Button key={x.id} size="small" onClick={() => openDevice(x.id)}>
                    {x.name}
                    {x.port ? ` · port ${x.port}` : ''}
                  </Button>
                ))}
              </Flex>
            )}
          </Descriptions.Item>
        </Descriptions>
      </section>
      <DeviceConfigSection projectId={projectId} deviceId={d.id} />
      {d.ports.length > 0 ? (
        <section>
          <Flex justify="space-between" align="baseline">
            <Typography.Title level={5}>Ports</Typography.Title>
            {d.type === 'switch' ? (
              <Tooltip title={isLocallyManaged(d) ? errorMessage(ERR.LOCAL_MODE_UNSUPPORTED) : undefined}>
                <Button
                  size="small"
                  icon={<SettingOutlined />}
                  disabled={isLocallyManaged(d)}
                  onClick={() => navigate({ pathname: devicePortsPath(d.id), search })}
                >
                  Configure ports
                </Button>
              </Tooltip>
            ) : null}
          </Flex>
          <DevicePorts ports={d.ports} />
        </section>
      ) : null}
      {d.radios.length > 0 ? (
        <section>
          <Typography.Title level={5}>Radios</Typography.Title>
          <DeviceRadios radios={d.radios} />
        </section>
      ) : null}
      <DeviceRadioSection projectId={projectId} device={d} canWrite={canWrite} />
      {d.type === 'cpe' ? (
        <CpeBridgeSection
          projectId={projectId}
          deviceId={d.id}
          canWrite={canWrite}
          peerName={(sn) => (d.uplink?.sn === sn ? d.uplink.name : null)}
        />
      ) : null}
      <NvrSections projectId={projectId} device={d} canWrite={canWrite} />
      <DeviceTraffic projectId={projectId} deviceId={d.id} />
      <DeviceEventsSection projectId={projectId} deviceId={d.id} />
    </Flex>
  );
}

/** Upgrade, then the maintenance actions (restart, locate, reset) with Delete in their "…" menu. */
function DrawerActions({
  projectId,
  device,
  onDeleted,
}: {
  projectId: number;
  device: DeviceDetail;
  onDeleted(): void;
}) {
  const { modal, message } = App.useApp();
  const remove = useDeleteDevices(projectId);
  const backupNow = useBackupNowItem(projectId, device);
  // Only shown to who may change the project (the drawer's actions are).
  const rebootSchedule = useRebootScheduleItem(projectId, device, true);
  const remote = useRemoteManagementItem(projectId, device);
  const navigate = useNavigate();
  const local = isLocallyManaged(device);
  const managementModeItem = {
    key: 'managementMode',
    icon: local ? <CloudServerOutlined /> : <DesktopOutlined />,
    label: local ? 'Return to cloud management' : 'Move to local management',
    onClick: () => navigate(managementModePagePath(projectId, device.id)),
  };
  const confirmDelete = () =>
    modal.confirm({
      title: `Delete device “${device.name}”?`,
      content:
        'The device is removed from this project together with its traffic history, clients and events. The device itself keeps running and can be added again by its serial number. This cannot be undone.',
      okText: 'Delete device',
      okButtonProps: { danger: true },
      onOk: async () => {
        const outcome = await remove.mutateAsync([device]);
        const failure = outcome.failed[0]?.error;
        if (failure) message.error(failure instanceof Error ? failure.message : 'Delete failed.');
        else {
          message.success(`Device “${device.name}” deleted.`);
          onDeleted();
        }
      },
    });
  return (
    <>
      <Space size={8}>
        <DeviceUpgradeAction projectId={projectId} device={device} />
        <DeviceActions
          projectId={projectId}
          device={device}
          more={[
            remote,
            ...(backupNow ? [backupNow] : []),
            rebootSchedule.item,
            managementModeItem,
            { type: 'divider' as const },
            {
              key: 'delete',
              danger: true,
              icon: <DeleteOutlined />,
              label: 'Delete device',
              onClick: confirmDelete,
            },
          ]}
        />
      </Space>
      {rebootSchedule.modal}
    </>
  );
}

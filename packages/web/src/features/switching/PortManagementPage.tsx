import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  canConfigure,
  type DeviceDetail,
  ERR,
  errorMessage,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
} from '@netloom/domain';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useLiveQueryInvalidation } from '../../api/live';
import { PageHeader } from '../../components/PageHeader';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';
import { useDevice } from '../devices';
import { useSwitchConfig } from './api';
import { PortWorkspace } from './PortWorkspace';
import './switching.css';
import { devicePath, MENU_PAGES } from '../../navigation/paths';

/** Codes for which the page explains why the device cannot be configured instead of failing. */
const CANNOT_CONFIGURE: ReadonlySet<number> = new Set([
  ERR.LOCAL_MODE_UNSUPPORTED,
  ERR.LOCAL_MODE_UNSUPPORTED_ALT,
  ERR.SECONDARY_MESH_NODE,
]);

/** Why this device's ports cannot be configured from the cloud (76 local management, 912 mesh node). */
export function unconfigurableReason(
  d: Pick<DeviceDetail, 'managementMode' | 'type' | 'meshRole'>,
): string | null {
  if (d.managementMode === MANAGEMENT_MODES.LOCAL) return errorMessage(ERR.LOCAL_MODE_UNSUPPORTED);
  if (d.type === 'mesh' && d.meshRole === MESH_NODE_TYPES.SECONDARY)
    return errorMessage(ERR.SECONDARY_MESH_NODE);
  return null;
}

/** /manage/devconf/:deviceId/ports — a switch's port panel, per-port settings, PoE budget and PoE reboot. */
export default function PortManagementPage() {
  const { project } = useCurrentProject();
  const { deviceId } = useParams();
  const id = Number(deviceId);
  if (!project) return null; // the route guard asks for a project first
  if (!Number.isInteger(id) || id <= 0) return <NotFoundResult />;
  return <PortManagement projectId={project.id} deviceId={id} canWrite={canConfigure(project.right)} />;
}

function NotFoundResult() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="No such device"
      extra={<Button onClick={() => navigate(MENU_PAGES.devices)}>Back to devices</Button>}
    />
  );
}

function PortManagement({
  projectId,
  deviceId,
  canWrite,
}: {
  projectId: number;
  deviceId: number;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const demo = useIsDemoProject();
  useLiveQueryInvalidation(projectId);
  const view = useSwitchConfig(projectId, deviceId);
  const device = useDevice(projectId, deviceId);
  const back = () => navigate({ pathname: devicePath(deviceId), search });
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back}>
      Device
    </Button>
  );

  const blockedReason = demo ? DEMO_DISABLED_TITLE : canWrite ? null : errorMessage(ERR.READ_ONLY_SHARE);
  const reason = device.data ? unconfigurableReason(device.data) : null;
  const error = view.error instanceof ApiError ? view.error : null;

  if (reason || (error && CANNOT_CONFIGURE.has(error.code))) {
    return (
      <>
        <PageHeader title={`Ports · ${device.data?.name ?? 'Device'}`} actions={backButton} />
        <Alert
          type="info"
          showIcon
          data-testid="ports-unavailable"
          message="The ports of this device cannot be configured from the cloud"
          description={reason ?? error?.message}
        />
      </>
    );
  }
  if (view.isError) {
    const gone = error?.code === 404 || error?.code === 410;
    return (
      <Result
        status="warning"
        title={gone ? 'This device is no longer in the project' : 'The port settings could not be loaded'}
        subTitle={view.error.message}
        extra={
          <Button type="primary" onClick={() => navigate(MENU_PAGES.devices)}>
            Back to devices
          </Button>
        }
      />
    );
  }
  if (!view.data) {
    return (
      <>
        <PageHeader title="Ports" description="Loading the switch's ports…" actions={backButton} />
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      </>
    );
  }
  return (
    <PortWorkspace
      key={view.data.device.id}
      projectId={projectId}
      view={view.data}
      device={device.data ?? null}
      blockedReason={blockedReason}
      backButton={backButton}
    />
  );
}

import './experience.css';
import { CloudServerOutlined, DesktopOutlined } from '@ant-design/icons';
import {
  canConfigure,
  type DeviceDetail,
  effectiveManagementMode,
  errorMessage,
  MANAGEMENT_MODE_LABELS,
  MANAGEMENT_MODES,
  type ManagementMode,
  managementModeRefusal,
  STATIC_PAGE_QUERY,
} from '@netloom/domain';
import { Alert, Button, Card, Descriptions, Result, Spin, Steps, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { DeviceStatusTag } from '../../components/StatusTag';
import { devicePath, MENU_PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { useDevice } from '../devices';
import { type SwitchPhase, useManagementModeSwitch } from './useManagementModeSwitch';

const { CLOUD, LOCAL } = MANAGEMENT_MODES;

/** What each direction does, said before the click (docs/decisions.md "`/static/transferToLocalDev`"). */
const DIRECTION: Record<
  ManagementMode,
  { action: string; effect: string; done: string; doneDetail: string }
> = {
  [LOCAL]: {
    action: 'Move to local management',
    effect:
      'The device is managed on its own web page. It stays in this project and the cloud keeps monitoring its status, but its configuration, restart, reset and upgrade from the cloud stop until it returns to cloud management.',
    done: 'is now managed locally',
    doneDetail:
      'It stays in this project with a “Local management” tag and its status is still monitored. Return it to cloud management here or from its details.',
  },
  [CLOUD]: {
    action: 'Return to cloud management',
    effect:
      'The cloud manages the device again: once the device confirms, it receives this project’s configuration again, replacing any settings made on the device itself.',
    done: 'is back in cloud management',
    doneDetail: 'The cloud is sending it this project’s configuration again.',
  },
};

function modeTag(mode: ManagementMode) {
  return mode === LOCAL ? (
    <Tag color="purple" icon={<DesktopOutlined />} data-testid="page-management-mode">
      {MANAGEMENT_MODE_LABELS[LOCAL]}
    </Tag>
  ) : (
    <Tag color="blue" icon={<CloudServerOutlined />} data-testid="page-management-mode">
      {MANAGEMENT_MODE_LABELS[CLOUD]}
    </Tag>
  );
}

/** The switch's progress: request sent, the device confirmed (its job), the device reported the mode. */
function SwitchProgress({ phase, jobStatus }: { phase: SwitchPhase; jobStatus: string | null }) {
  const current = phase.kind === 'sending' ? 0 : jobStatus === 'done' ? 2 : 1;
  return (
    <Steps
      className="nl-static-steps"
      size="small"
      current={current}
      status={phase.kind === 'failed' ? 'error' : 'process'}
      items={[
        { title: 'Request sent' },
        { title: 'Device switching' },
        { title: 'Waiting for its report', icon: <Spin size="small" /> },
      ]}
      data-testid="management-mode-progress"
    />
  );
}

/**
 * /static/transferToLocalDev — switches a device between cloud management (mode 1) and local
 * management (mode 2) through the device (the `setManagementMode` command, docs/decisions.md): the
 * device stays in the project, and only its own report of the new mode completes the switch.
 * `?project=<id>&device=<id>`; the manage right is needed (916 otherwise, from the server).
 */
export default function LocalManagementPage() {
  const [params] = useSearchParams();
  const { project } = useCurrentProject();
  const projectId = Number(params.get(STATIC_PAGE_QUERY.project) ?? project?.id);
  const deviceId = Number(params.get(STATIC_PAGE_QUERY.device));
  const valid = Number.isInteger(projectId) && projectId > 0 && Number.isInteger(deviceId) && deviceId > 0;
  const device = useDevice(valid ? projectId : 0, valid ? deviceId : null);
  return (
    <>
      <PageHeader
        title="Management mode"
        description="Hand a device to its own local web page, or bring it back to cloud management."
      />
      <Card className="nl-static-card">
        {!valid || device.isError ? (
          <NotFound />
        ) : !device.data ? (
          <Result icon={<Spin size="large" />} title="Loading the device…" />
        ) : (
          <SwitchCard
            projectId={projectId}
            device={device.data}
            mayChange={project ? canConfigure(project.right) : true}
          />
        )}
      </Card>
    </>
  );
}

function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title="This device cannot be found"
      subTitle="The link is not for a device of this project, or the device was removed from it."
      extra={<Button onClick={() => navigate(MENU_PAGES.devices)}>Back to devices</Button>}
    />
  );
}

function SwitchCard({
  projectId,
  device: d,
  mayChange,
}: {
  projectId: number;
  device: DeviceDetail;
  mayChange: boolean;
}) {
  const navigate = useNavigate();
  const mode = effectiveManagementMode(d.managementMode);
  const target: ManagementMode = mode === LOCAL ? CLOUD : LOCAL;
  const { phase, jobStatus, start, reset } = useManagementModeSwitch(projectId, d.id, d.managementMode);
  const back = <Button onClick={() => navigate(MENU_PAGES.devices)}>Back to devices</Button>;

  if (phase.kind === 'done') {
    const info = DIRECTION[phase.mode];
    return (
      <Result
        status="success"
        title={`${d.name} ${info.done}`}
        subTitle={info.doneDetail}
        extra={[
          <Button key="open" type="primary" onClick={() => navigate(devicePath(d.id))}>
            Open device
          </Button>,
          <span key="back">{back}</span>,
        ]}
      />
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Result
        status="error"
        title={`${DIRECTION[phase.mode].action} did not complete`}
        subTitle={phase.message}
        extra={[
          <Button key="again" type="primary" onClick={reset}>
            Try again
          </Button>,
          <span key="back">{back}</span>,
        ]}
      />
    );
  }

  const busy = phase.kind === 'sending' || phase.kind === 'waiting';
  const refusal = managementModeRefusal(target, {
    type: d.type,
    model: d.model,
    status: d.status,
    managementMode: d.managementMode,
    meshRole: d.meshRole,
  });
  const reason = !mayChange ? errorMessage(916) : refusal === null ? null : errorMessage(refusal);
  const info = DIRECTION[target];
  return (
    <>
      {busy ? (
        <SwitchProgress phase={phase} jobStatus={jobStatus} />
      ) : (
        <Steps
          className="nl-static-steps"
          current={mode === LOCAL ? 1 : 0}
          items={[
            { title: 'Cloud management', icon: <CloudServerOutlined /> },
            { title: 'Local management', icon: <DesktopOutlined /> },
          ]}
        />
      )}
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
        <Descriptions.Item label="Device">{d.name}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <DeviceStatusTag status={d.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Model">{d.model ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="SN">{d.sn}</Descriptions.Item>
        <Descriptions.Item label="Management" span={2}>
          {modeTag(mode)}
        </Descriptions.Item>
      </Descriptions>
      <Alert
        className="nl-static-alert"
        type={busy ? 'info' : 'warning'}
        showIcon
        title={
          busy
            ? `Waiting for ${d.name} to report ${MANAGEMENT_MODE_LABELS[target].toLowerCase()}…`
            : info.action
        }
        description={
          busy
            ? 'This usually takes a few seconds. You may leave this page; the switch goes on.'
            : info.effect
        }
      />
      {reason && !busy ? (
        <Alert
          className="nl-static-alert"
          type="error"
          showIcon
          title={reason}
          data-testid="management-mode-refusal"
        />
      ) : null}
      <div className="nl-static-actions">
        <Button
          type="primary"
          danger={target === LOCAL}
          icon={target === LOCAL ? <DesktopOutlined /> : <CloudServerOutlined />}
          disabled={reason !== null}
          loading={busy}
          onClick={() => void start(target)}
        >
          {info.action}
        </Button>
        <Button onClick={() => navigate(-1)}>Cancel</Button>
      </div>
    </>
  );
}

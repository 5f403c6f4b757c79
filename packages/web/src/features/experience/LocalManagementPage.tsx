import './experience.css';
import { CloudServerOutlined, DesktopOutlined } from '@ant-design/icons';
import {
  canConfigure,
  deviceEndpoints,
  LOADING_STATES,
  MANAGEMENT_MODE_LABELS,
  MANAGEMENT_MODES,
  type ManagementMode,
  STATIC_PAGE_QUERY,
} from '@netloom/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Spin, Steps, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/client';
import { useLoading } from '../../components/loading';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { deviceKeys, useDevice } from '../devices';
import { projectKeys } from '../projects';

function modeLabel(mode: number | null): string {
  return mode === MANAGEMENT_MODES.CLOUD || mode === MANAGEMENT_MODES.LOCAL
    ? MANAGEMENT_MODE_LABELS[mode as ManagementMode]
    : 'Unknown';
}

/**
 * /static/transferToLocalDev — handing a device from cloud management (mode 1) to local management
 * (mode 2) (docs/decisions.md): the device leaves the project, so the cloud stops configuring it and
 * its own web page (or app) manages it; adding it back by SN returns it to cloud management.
 * `?project=<id>&device=<id>`; the manage right is needed (916 otherwise, from the server).
 */
export default function LocalManagementPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { run } = useLoading();
  const { project } = useCurrentProject();
  const projectId = Number(params.get(STATIC_PAGE_QUERY.project) ?? project?.id);
  const deviceId = Number(params.get(STATIC_PAGE_QUERY.device));
  const valid = Number.isInteger(projectId) && projectId > 0 && Number.isInteger(deviceId) && deviceId > 0;
  const device = useDevice(valid ? projectId : 0, valid ? deviceId : null);
  const [done, setDone] = useState<string | null>(null);
  const release = useMutation({
    mutationFn: () =>
      run(LOADING_STATES.SAVING, () => call(deviceEndpoints.delete, { params: { id: projectId, deviceId } })),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: deviceKeys.all(projectId) });
      await qc.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
  const d = device.data;
  const mayChange = project ? canConfigure(project.right) : true;

  async function handOver() {
    if (!d) return;
    try {
      await release.mutateAsync();
      setDone(d.name);
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'The device could not be handed over.');
    }
  }

  return (
    <>
      <PageHeader
        title="Move to local management"
        description="Hand a device from cloud management to its own local web page."
      />
      <Card className="nl-static-card">
        {done ? (
          <Result
            status="success"
            title={`${done} is now managed locally`}
            subTitle="The cloud no longer configures it. To bring it back, add it to a project by its SN."
            extra={<Button onClick={() => navigate(MENU_PAGES.devices)}>Back to devices</Button>}
          />
        ) : !valid || device.isError ? (
          <Result
            status="warning"
            title="This device cannot be found"
            subTitle="It may already be managed locally, or the link is not for a device of this project."
            extra={<Button onClick={() => navigate(MENU_PAGES.devices)}>Back to devices</Button>}
          />
        ) : !d ? (
          <Result icon={<Spin size="large" />} title="Loading the device…" />
        ) : (
          <>
            <Steps
              className="nl-static-steps"
              current={0}
              items={[
                { title: 'Cloud management', icon: <CloudServerOutlined /> },
                { title: 'Local management', icon: <DesktopOutlined /> },
              ]}
            />
            <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
              <Descriptions.Item label="Device">{d.name}</Descriptions.Item>
              <Descriptions.Item label="Model">{d.model ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="SN">{d.sn}</Descriptions.Item>
              <Descriptions.Item label="Management">
                <Tag color="blue">{modeLabel(d.managementMode)}</Tag>
              </Descriptions.Item>
            </Descriptions>
            <div className="nl-static-actions">
              <Button
                type="primary"
                danger
                disabled={!mayChange}
                loading={release.isPending}
                onClick={() => void handOver()}
              >
                Move to local management
              </Button>
              <Button onClick={() => navigate(-1)}>Cancel</Button>
            </div>
          </>
        )}
      </Card>
    </>
  );
}

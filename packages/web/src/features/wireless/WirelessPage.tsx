import { WifiOutlined } from '@ant-design/icons';
import type { WirelessConfigView } from '@netloom/domain';
import { Flex, Typography } from 'antd';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { ConfigHistoryButton, SettingsStatus } from '../config';
import { useWirelessConfig } from './api';
import { PolicyTable } from './PolicyTable';
import { useWirelessEditor } from './useWirelessEditor';
import { VlanCarriageAlert } from './VlanCarriageAlert';
import './wireless.css';
import { PageLoading } from '../../components/PageLoading';

const TITLE = 'Wireless';
const DESCRIPTION = 'Wi-Fi networks of the project: SSIDs, security, schedules and rate limits.';

/** /manage/wirelessconf — the project's Wi-Fi policies (the `wireless` settings document). */
export default function WirelessPage() {
  const { project } = useCurrentProject();
  if (!project) return null; // the route guard asks for a project first
  return <WirelessPageBody projectId={project.id} />;
}

function WirelessPageBody({ projectId }: { projectId: number }) {
  const query = useWirelessConfig(projectId);
  if (query.isPending || query.isError) {
    return (
      <PageLoading
        title={TITLE}
        description={DESCRIPTION}
        query={query}
        errorTitle="The Wi-Fi policies could not be loaded."
        className="nl-wifi-card"
      />
    );
  }
  return <LoadedWirelessPage view={query.data} />;
}

function LoadedWirelessPage({ view }: { view: WirelessConfigView }) {
  const editor = useWirelessEditor(view);
  const online = view.devices.filter((d) => d.online).length;
  return (
    <>
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <>
            <Flex
              align="center"
              gap={8}
              className="nl-header-chip nl-wifi-devices"
              data-testid="wireless-devices"
            >
              <WifiOutlined aria-hidden />
              <Typography.Text>
                {view.devices.length === 0
                  ? 'No Wi-Fi devices yet'
                  : `${view.devices.length} Wi-Fi ${view.devices.length === 1 ? 'device' : 'devices'}`}
              </Typography.Text>
              {view.devices.length > 0 ? (
                <Typography.Text type="secondary">· {online} online</Typography.Text>
              ) : null}
            </Flex>
            <ConfigHistoryButton projectId={editor.projectId} kind="wireless" currentVersion={view.version} />
          </>
        }
      />
      <SettingsStatus access={editor} view={view} noticeTestId="wireless-readonly" />
      <VlanCarriageAlert editor={editor} />
      <PolicyTable editor={editor} />
    </>
  );
}

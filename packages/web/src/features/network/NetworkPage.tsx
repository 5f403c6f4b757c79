import { PlusOutlined } from '@ant-design/icons';
import { canConfigure, deviceDisplayStatus, type NetworkConfigView } from '@netloom/domain';
import { Button, Card, Empty, Flex, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { DisplayStatusTag } from '../../components/StatusTag';
import { useCurrentProject } from '../../session/session';
import { ConfigHistoryButton, SettingsStatus } from '../config';
import { LazyAddDeviceModal } from '../devices';
import { useNetworkConfig } from './api';
import { SecondRouters } from './SecondRouters';
import { type NetworkEditor, useNetworkEditor } from './useNetworkEditor';
import './network.css';
import { PageLoading } from '../../components/PageLoading';

interface NetworkPageProps {
  title: string;
  /** One line saying what the page is for. */
  description: string;
  /** The page's content once the settings and the gateway are known. */
  children: (editor: NetworkEditor) => ReactNode;
}

/**
 * The frame of the six network pages (§2 network config): title, the gateway these settings go
 * to, the delivery state of the current version, and the empty state of a project without a
 * gateway. Every page edits the same `network` document.
 */
export function NetworkPage(props: NetworkPageProps) {
  const { project } = useCurrentProject();
  if (!project) return null; // the route guard asks for a project first
  return <NetworkPageBody projectId={project.id} canWrite={canConfigure(project.right)} {...props} />;
}

function NetworkPageBody({
  projectId,
  canWrite,
  title,
  description,
  children,
}: NetworkPageProps & { projectId: number; canWrite: boolean }) {
  const query = useNetworkConfig(projectId);
  const [addOpen, setAddOpen] = useState(false);

  if (query.isPending || query.isError) {
    return (
      <PageLoading
        title={title}
        description={description}
        query={query}
        errorTitle="The network settings could not be loaded."
        className="nl-net-card"
      />
    );
  }
  const view = query.data;
  if (!view.gateway) {
    return (
      <>
        <PageHeader title={title} description={description} />
        <Card className="nl-net-card">
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4} align="center">
                <Typography.Text strong>Add a gateway to configure the network</Typography.Text>
                <Typography.Text type="secondary">
                  Internet, VLAN, DHCP, routes and port mapping are settings of the project’s gateway.
                </Typography.Text>
              </Flex>
            }
            data-testid="network-no-gateway"
          >
            <Tooltip
              title={
                canWrite
                  ? undefined
                  : 'You can only view this project: adding devices needs the manage right.'
              }
            >
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!canWrite}
                onClick={() => setAddOpen(true)}
              >
                Add device
              </Button>
            </Tooltip>
          </Empty>
        </Card>
        <LazyAddDeviceModal open={addOpen} onClose={() => setAddOpen(false)} />
      </>
    );
  }
  return (
    <LoadedNetworkPage view={view} title={title} description={description}>
      {children}
    </LoadedNetworkPage>
  );
}

function LoadedNetworkPage({
  view,
  title,
  description,
  children,
}: NetworkPageProps & { view: NetworkConfigView }) {
  const editor = useNetworkEditor(view);
  const gateway = view.gateway;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {gateway ? (
              <Flex
                align="center"
                gap={8}
                className="nl-header-chip nl-net-gateway"
                data-testid="network-gateway"
              >
                <Typography.Text type="secondary">Gateway</Typography.Text>
                <Typography.Text strong>{gateway.name}</Typography.Text>
                <Typography.Text type="secondary">{gateway.model}</Typography.Text>
                <DisplayStatusTag status={deviceDisplayStatus(gateway.online ? 1 : 0)} />
              </Flex>
            ) : null}
            <ConfigHistoryButton projectId={editor.projectId} kind="network" currentVersion={view.version} />
          </>
        }
      />
      <SettingsStatus access={editor} view={view} noticeTestId="network-readonly" />
      <SecondRouters routers={view.secondRouters} />
      {children(editor)}
    </>
  );
}

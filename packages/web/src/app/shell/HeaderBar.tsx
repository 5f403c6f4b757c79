import { PlusOutlined } from '@ant-design/icons';
import { canConfigure } from '@netloom/domain';
import { Button, Flex, Layout, Tooltip } from 'antd';
import { useState } from 'react';
import { AlarmBell } from '../../features/alarms';
import { PendingConfigIndicator } from '../../features/config';
import { LazyAddDeviceModal, PendingBell } from '../../features/devices';
import { useProjectLocked } from '../../features/projects';
import { GlobalSearch } from '../../features/search';
import { useCurrentProject } from '../../session/session';
import { AccountMenu } from './AccountMenu';
import { LiveIndicator } from './LiveIndicator';
import { ProjectSwitcher } from './ProjectSwitcher';

/** Header (UI.md): project switcher left; add device, alarms and the account menu right. */
export function HeaderBar() {
  const [addOpen, setAddOpen] = useState(false);
  const { project } = useCurrentProject();
  // Adding needs the manage right on the current project (§6); without a project the modal explains.
  const readOnly = project !== null && !canConfigure(project.right);
  const locked = useProjectLocked();
  return (
    <Layout.Header className="nl-header">
      <Flex align="center" gap={12} className="nl-header-start">
        <ProjectSwitcher />
        <GlobalSearch />
      </Flex>
      <Flex align="center" gap={12}>
        <LiveIndicator />
        <Tooltip
          title={
            readOnly
              ? 'You can only view this project: adding devices needs the manage right.'
              : locked
                ? 'This project is read-only: its owner locked the configuration.'
                : undefined
          }
        >
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={readOnly || locked}
            onClick={() => setAddOpen(true)}
          >
            Add device
          </Button>
        </Tooltip>
        <PendingConfigIndicator />
        <PendingBell />
        <AlarmBell />
        <AccountMenu />
      </Flex>
      <LazyAddDeviceModal open={addOpen} onClose={() => setAddOpen(false)} />
    </Layout.Header>
  );
}

import { DeploymentUnitOutlined } from '@ant-design/icons';
import { canConfigure } from '@netloom/domain';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { BadgeButton } from '../../../components/BadgeButton';
import { plural } from '../../../components/format';
import { useCurrentProject } from '../../../session/session';
import { usePendingCount } from '../api';
import { PendingDevicesDrawer } from './PendingDevicesDrawer';

/** Header badge: devices waiting to be verified in the current project (refreshed by live events). */
export function PendingBell() {
  const { project } = useCurrentProject();
  const count = usePendingCount(project?.id ?? null);
  const [open, setOpen] = useState(false);
  if (!project) return null;
  const n = count.data?.count ?? 0;
  const label = n === 0 ? 'No devices to be verified' : `${plural(n, 'device')} to be verified`;
  return (
    <>
      <Tooltip title={label}>
        <BadgeButton
          icon={<DeploymentUnitOutlined />}
          count={n}
          label={label}
          testId="pending-bell"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <PendingDevicesDrawer
        projectId={project.id}
        canWrite={canConfigure(project.right)}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

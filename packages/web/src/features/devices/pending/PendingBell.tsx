import { DeploymentUnitOutlined } from '@ant-design/icons';
import { canConfigure } from '@netloom/domain';
import { Badge, Button, Tooltip } from 'antd';
import { useState } from 'react';
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
        <Badge count={n} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<DeploymentUnitOutlined />}
            aria-label={label}
            data-testid="pending-bell"
            data-count={n}
            onClick={() => setOpen(true)}
          />
        </Badge>
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

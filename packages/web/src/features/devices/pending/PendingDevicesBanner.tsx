import { Alert, Button } from 'antd';
import { useState } from 'react';
import { plural } from '../../../components/format';
import { usePendingCount } from '../api';
import { PendingDevicesDrawer } from './PendingDevicesDrawer';

/** The device-joining alert on the device page: shown while devices wait to be verified. */
export function PendingDevicesBanner({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const count = usePendingCount(projectId);
  const [open, setOpen] = useState(false);
  const n = count.data?.count ?? 0;
  return (
    <>
      {n > 0 ? (
        <Alert
          type="info"
          showIcon
          className="nl-pending-banner"
          data-testid="pending-banner"
          title={`${plural(n, 'new device')} found on this project’s network`}
          description="They are connected but not added to any project yet. Review them to add or dismiss."
          action={
            <Button type="primary" size="small" onClick={() => setOpen(true)}>
              Review
            </Button>
          }
        />
      ) : null}
      <PendingDevicesDrawer
        projectId={projectId}
        canWrite={canWrite}
        open={open}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

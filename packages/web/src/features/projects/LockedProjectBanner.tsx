import { LockOutlined } from '@ant-design/icons';
import { findMenuRoute } from '@netloom/domain';
import { Alert, App, Button } from 'antd';
import { useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { useCurrentProject } from '../../session/session';
import { useProjects, useSetProjectLock } from './api';
import { LOCKED_PROJECT_TEXT } from './ProjectLockSection';
import './projectLock.css';

/**
 * Over every page of a project whose owner locked the configuration (§3 read-only project): saving
 * anything there is refused with 173, so say so before anyone tries. The owner can unlock here.
 */
export function LockedProjectBanner() {
  const { pathname } = useLocation();
  const { project } = useCurrentProject();
  const projects = useProjects();
  const { message } = App.useApp();
  const setLock = useSetProjectLock();
  const current = projects.data?.items.find((p) => p.id === project?.id);
  // Only over the project's own pages, not the account-wide overview and list.
  if (!current?.locked || findMenuRoute(pathname)?.item.projectScoped !== true) return null;

  const handleUnlock = async () => {
    try {
      await setLock.mutateAsync({ id: current.id, locked: false });
      message.success('Configuration unlocked.');
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Save failed. Please try again.');
    }
  };

  return (
    <Alert
      className="nl-locked-banner"
      type="warning"
      showIcon
      icon={<LockOutlined />}
      title="Read-only project"
      description={LOCKED_PROJECT_TEXT}
      data-testid="locked-project-banner"
      action={
        current.right === 'own' ? (
          <Button size="small" loading={setLock.isPending} onClick={() => void handleUnlock()}>
            Unlock
          </Button>
        ) : undefined
      }
    />
  );
}

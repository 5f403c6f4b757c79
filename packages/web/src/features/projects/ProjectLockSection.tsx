import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import type { Project } from '@netloom/domain';
import { Alert, App, Flex, Switch, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useSetProjectLock } from './api';
import './projectLock.css';

export const LOCKED_PROJECT_TEXT =
  'The configuration of this project is locked. Settings, devices and the project itself can be viewed but not changed until the owner unlocks it.';

interface ProjectLockSectionProps {
  project: Project;
  locked: boolean;
  onChange(project: Project): void;
}

/**
 * "Lock configuration" in the project drawer (§3 read-only project, code 173). The owner switches it;
 * other members see that it is on. While on, every change by anyone is refused by the server.
 */
export function ProjectLockSection({ project, locked, onChange }: ProjectLockSectionProps) {
  const { message } = App.useApp();
  const setLock = useSetProjectLock();
  const owner = project.right === 'own';

  const handleChange = async (next: boolean) => {
    try {
      const saved = await setLock.mutateAsync({ id: project.id, locked: next });
      message.success(next ? 'Configuration locked.' : 'Configuration unlocked.');
      onChange(saved);
    } catch (error) {
      message.error(error instanceof ApiError ? error.message : 'Save failed. Please try again.');
    }
  };

  if (!owner) {
    return locked ? (
      <Alert
        type="warning"
        showIcon
        icon={<LockOutlined />}
        title={LOCKED_PROJECT_TEXT}
        className="nl-lock-note"
      />
    ) : null;
  }
  return (
    <section className="nl-lock-section" aria-labelledby="project-lock-title">
      <Flex justify="space-between" align="center" gap={16}>
        <div>
          <Typography.Text strong id="project-lock-title">
            {locked ? <LockOutlined /> : <UnlockOutlined />} Lock configuration
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            {locked
              ? 'Nobody, you included, can change this project until you unlock it.'
              : 'Makes the project read-only for everyone, you included, until you unlock it.'}
          </Typography.Text>
        </div>
        <Switch
          checked={locked}
          loading={setLock.isPending}
          onChange={(next) => void handleChange(next)}
          aria-label="Lock configuration"
        />
      </Flex>
    </section>
  );
}

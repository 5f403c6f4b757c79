import { CloudSyncOutlined, WarningFilled } from '@ant-design/icons';
import { type ConfigTargetStatus, deliveryState, deliveryText } from '@netloom/domain';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentProject } from '../../session/session';
import { useConfigStatus } from './api';
import { ConfigTargetTable } from './ConfigTargetTable';
import { useNow } from './useNow';
import './config.css';
import { MENU_PAGES } from '../../navigation/paths';

/**
 * Header: configuration still on its way to devices of the current project (live via `config.status`).
 * The badge says the project's delivery state in the same words as a settings page's bar, compact
 * ("1 failed — NL-R200 · 2 pending"); the popover's title gives the full line with the applied count.
 */
export function PendingConfigIndicator() {
  const { project } = useCurrentProject();
  const status = useConfigStatus(project?.id ?? 0);
  const [open, setOpen] = useState(false);
  const now = useNow(15_000, (status.data?.pending ?? 0) > 0);
  if (!project || !status.data) return null;
  const { devices } = status.data;
  const state = deliveryState(devices);
  if (state.tone === 'applied' || state.tone === 'none') return null;
  const text = deliveryText(state, now, true);
  const { pending, failed } = state;
  const waiting: ConfigTargetStatus[] = devices.filter((d) => d.status !== 'applied');
  const content = (
    <div className="nl-config-delivery-popover">
      <ConfigTargetTable targets={waiting} projectId={project.id} />
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Link to={MENU_PAGES.log} onClick={() => setOpen(false)}>
          Open the change log
        </Link>
      </Flex>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      title={deliveryText(state, now)}
      content={content}
      destroyOnHidden
    >
      <Button
        className={`nl-config-indicator${failed > 0 ? ' nl-config-indicator-failed' : ''}`}
        color={failed > 0 ? 'danger' : 'primary'}
        variant="filled"
        icon={failed > 0 ? <WarningFilled /> : <CloudSyncOutlined />}
        data-testid="config-pending-indicator"
        data-pending={pending}
        data-failed={failed}
        aria-label={`Configuration: ${text}`}
      >
        {text}
      </Button>
    </Popover>
  );
}

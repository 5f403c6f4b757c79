import { CloudSyncOutlined, WarningFilled } from '@ant-design/icons';
import { type ConfigTargetStatus, deliveryState, deliveryText } from '@netloom/domain';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useScreenSize } from '../../browser/screenSize';
import { BadgeButton } from '../../components/BadgeButton';
import { useHeaderPopoverPlacement } from '../../components/popover';
import { useCurrentProject } from '../../session/session';
import { useConfigStatus } from './api';
import { ConfigTargetTable } from './ConfigTargetTable';
import { useNow } from './useNow';
import './config.css';
import { MENU_PAGES } from '../../navigation/paths';

/** The header's words on a tablet (a phone shows the number on a badge): the failures if any, else how many wait ("2 pending"). */
export function compactIndicatorText(pending: number, failed: number): string | null {
  if (failed > 0) return `${failed} failed`;
  return pending > 0 ? `${pending} pending` : null;
}

/**
 * Header: configuration still on its way to devices of the current project (live via `config.status`).
 * On a desktop the badge says the project's delivery state in the same words as a settings page's
 * bar, compact ("1 failed — NL-R200 · 2 pending"); a tablet says the counts, a phone shows a count
 * badge. The popover's title always gives the full line with the applied count.
 */
export function PendingConfigIndicator() {
  const { project } = useCurrentProject();
  const status = useConfigStatus(project?.id ?? 0);
  const [open, setOpen] = useState(false);
  const now = useNow(15_000, (status.data?.pending ?? 0) > 0);
  const placement = useHeaderPopoverPlacement();
  // The full sentence crowds a narrow header; the accessible name keeps it whole.
  const size = useScreenSize();
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
      placement={placement}
      open={open}
      onOpenChange={setOpen}
      title={deliveryText(state, now)}
      content={content}
      destroyOnHidden
    >
      {size === 'phone' ? (
        <BadgeButton
          className="nl-config-indicator-icon"
          icon={failed > 0 ? <WarningFilled /> : <CloudSyncOutlined />}
          count={failed > 0 ? failed : pending}
          badgeColor={failed > 0 ? undefined : 'blue'}
          danger={failed > 0}
          label={`Configuration: ${text}`}
          testId="config-pending-indicator"
          data-pending={pending}
          data-failed={failed}
        />
      ) : (
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
          {size === 'tablet' ? compactIndicatorText(pending, failed) : text}
        </Button>
      )}
    </Popover>
  );
}

import { CloudSyncOutlined, WarningFilled } from '@ant-design/icons';
import type { ConfigTargetStatus } from '@netloom/domain';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useScreenSize } from '../../browser/screenSize';
import { BadgeButton } from '../../components/BadgeButton';
import { plural } from '../../components/format';
import { useHeaderPopoverPlacement } from '../../components/popover';
import { useCurrentProject } from '../../session/session';
import { useConfigStatus } from './api';
import { ConfigTargetTable } from './ConfigTargetTable';
import './config.css';
import { MENU_PAGES } from '../../navigation/paths';

/** "3 devices pending · 1 failed", or null when every device has its configuration. */
export function indicatorText(pending: number, failed: number): string | null {
  const parts: string[] = [];
  if (pending > 0) parts.push(`${plural(pending, 'device')} pending`);
  if (failed > 0) parts.push(`${failed} failed`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The header's words on a tablet (a phone shows the number on a badge): the failures if any, else how many wait ("2 pending"). */
export function compactIndicatorText(pending: number, failed: number): string | null {
  if (failed > 0) return `${failed} failed`;
  return pending > 0 ? `${pending} pending` : null;
}

/** Header: configuration still on its way to devices of the current project (live via `config.status`). */
export function PendingConfigIndicator() {
  const { project } = useCurrentProject();
  const status = useConfigStatus(project?.id ?? 0);
  const [open, setOpen] = useState(false);
  const placement = useHeaderPopoverPlacement();
  // The full sentence crowds a narrow header; the accessible name keeps it whole.
  const size = useScreenSize();
  if (!project || !status.data) return null;
  const { pending, failed, devices } = status.data;
  const text = indicatorText(pending, failed);
  if (text === null) return null;
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
      title="Configuration on its way"
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
          className="nl-config-indicator"
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

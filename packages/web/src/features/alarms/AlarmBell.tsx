import { BellOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../components/format';
import { useCurrentProject } from '../../session/session';
import { AlarmClearState } from './AlarmClearState';
import { useAlarmUnread } from './api';
import { SeverityTag } from './SeverityTag';
import './alarms.css';
import { BadgeButton } from '../../components/BadgeButton';
import { useHeaderPopoverPlacement } from '../../components/popover';
import { MENU_PAGES } from '../../navigation/paths';

/** Header bell (UI.md): the current project's unread alarms, the newest few, and the way to the list. */
export function AlarmBell() {
  const { project } = useCurrentProject();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const placement = useHeaderPopoverPlacement();
  const unread = useAlarmUnread(project?.id ?? null);
  // No project, or alarms hidden from this session's menu (the server answers 403): a quiet bell.
  if (!project || unread.isError) {
    return (
      <Tooltip
        title={
          project ? 'Alarms are not available to you in this project' : 'Choose a project to see its alarms'
        }
      >
        <span className="nl-header-icon-wrap">
          <Button type="text" shape="circle" icon={<BellOutlined />} disabled aria-label="Alarms" />
        </span>
      </Tooltip>
    );
  }
  const n = unread.data?.unread ?? 0;
  const latest = unread.data?.latest ?? [];
  const go = (search = '') => {
    setOpen(false);
    navigate(`${MENU_PAGES.alarms}${search}`);
  };
  const content = (
    <div className="nl-alarm-bell-list" data-testid="alarm-bell-list">
      {latest.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No unread alarms" />
      ) : (
        latest.map((a) => (
          <div key={a.id} className="nl-alarm-bell-item">
            <SeverityTag severity={a.severity} />
            <div className="nl-alarm-bell-text">
              {/* The whole message, wrapped: a cut "CPU above 90 % for 5…" hides what matters. */}
              <Typography.Text className="nl-alarm-text" data-testid="alarm-bell-text">
                {a.text}
              </Typography.Text>
              <AlarmClearState alarm={a} />
              <Typography.Text type="secondary" className="nl-alarm-device-meta">
                {a.device.name} · {formatDateTime(a.at)}
              </Typography.Text>
            </div>
          </div>
        ))
      )}
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Button type="link" size="small" className="nl-link-inline" onClick={() => go('?read=0')}>
          {n > 0 ? `See all ${n} unread` : ''}
        </Button>
        <Button size="small" onClick={() => go()}>
          Open alarm list
        </Button>
      </Flex>
    </div>
  );
  const label = n === 0 ? 'No unread alarms' : `${n} unread alarm${n === 1 ? '' : 's'}`;
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement={placement}
      title="Alarms"
      content={content}
    >
      <BadgeButton icon={<BellOutlined />} count={n} label={label} testId="alarm-bell" overflowCount={99} />
    </Popover>
  );
}

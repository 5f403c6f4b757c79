import { Badge, Tooltip } from 'antd';
import { type LiveStatus, useLiveStatus } from '../../api/live';

const TEXT: Record<
  Exclude<LiveStatus, 'idle'>,
  { badge: 'success' | 'processing' | 'default'; tip: string }
> = {
  live: { badge: 'success', tip: 'Live: status, clients and alarms update as devices report.' },
  connecting: { badge: 'processing', tip: 'Connecting to live updates…' },
  offline: { badge: 'default', tip: 'Live updates are reconnecting; pages refresh when they are back.' },
};

/** An unobtrusive header dot: whether the browser's live channel (`LIVE_PATH`) is connected. */
export function LiveIndicator() {
  const status = useLiveStatus();
  if (status === 'idle') return null;
  const t = TEXT[status];
  return (
    <Tooltip title={t.tip}>
      <span className="nl-live-indicator" data-testid="live-indicator" data-status={status}>
        <Badge
          status={t.badge}
          text={status === 'live' ? 'Live' : status === 'connecting' ? 'Connecting' : 'Offline'}
        />
      </span>
    </Tooltip>
  );
}

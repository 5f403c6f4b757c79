import { CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { ALARM_SEVERITY_LABELS, type AlarmSeverity } from '@netloom/domain';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** UI.md: a level is colour + word + icon, the same on every alarm view. */
const LOOK: Record<AlarmSeverity, { color: string; icon: ReactNode }> = {
  critical: { color: 'error', icon: <CloseCircleFilled /> },
  warning: { color: 'warning', icon: <ExclamationCircleFilled /> },
  info: { color: 'processing', icon: <InfoCircleFilled /> },
};

export function SeverityTag({ severity }: { severity: AlarmSeverity }) {
  const look = LOOK[severity];
  return (
    <Tag color={look.color} icon={look.icon} className="nl-status-tag" data-severity={severity}>
      {ALARM_SEVERITY_LABELS[severity]}
    </Tag>
  );
}

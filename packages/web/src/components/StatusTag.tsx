import {
  CheckCircleFilled,
  CloseCircleFilled,
  MinusCircleFilled,
  SyncOutlined,
  ThunderboltFilled,
} from '@ant-design/icons';
import { type DisplayStatus, type DisplayStatusKey, deviceDisplayStatus } from '@netloom/domain';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** UI.md: status is colour + word + icon, the same everywhere (antd preset colours). */
const LOOK: Record<DisplayStatusKey, { color: string; icon: ReactNode }> = {
  online: { color: 'success', icon: <CheckCircleFilled /> },
  offline: { color: 'default', icon: <MinusCircleFilled /> },
  upgrading: { color: 'processing', icon: <ThunderboltFilled /> },
  rebooting: { color: 'warning', icon: <SyncOutlined spin /> },
  failed: { color: 'error', icon: <CloseCircleFilled /> },
};

/** A display status as a tag; `label` overrides the word (e.g. "No gateway" shown as offline). */
export function DisplayStatusTag({ status, label }: { status: DisplayStatus; label?: string }) {
  const look = LOOK[status.key];
  return (
    <Tag color={look.color} icon={look.icon} className="nl-status-tag">
      {label ?? status.label}
    </Tag>
  );
}

/** A device's display status from its detailed §4 code. `data-status` carries the key for tests. */
export function DeviceStatusTag({ status }: { status: number }) {
  const s = deviceDisplayStatus(status);
  const look = LOOK[s.key];
  return (
    <Tag
      color={look.color}
      icon={look.icon}
      className="nl-status-tag"
      data-testid="device-status"
      data-status={s.key}
    >
      {s.label}
    </Tag>
  );
}

import { CheckCircleFilled, CloseCircleFilled, SyncOutlined } from '@ant-design/icons';
import type { ConfigDeliveryStatus } from '@netloom/domain';
import { failureReason, formatAge } from '@netloom/domain';
import { Tag, Tooltip } from 'antd';
import { useNow } from './useNow';

interface ConfigStatusTagProps {
  status: ConfigDeliveryStatus;
  /** Epoch ms since when the device waits for the desired version (pending only). */
  pendingSince?: number | null;
  failedCode?: number | null;
  failedMessage?: string | null;
  /** Clock override for tests; the tag otherwise ticks by itself. */
  now?: number;
}

/** A device's config delivery state (UI.md: colour + word + icon): Applied, Pending · 2 min, Failed. */
export function ConfigStatusTag({
  status,
  pendingSince,
  failedCode,
  failedMessage,
  now,
}: ConfigStatusTagProps) {
  const ticking = useNow(15_000, status === 'pending' && now === undefined);
  const at = now ?? ticking;
  if (status === 'applied') {
    return (
      <Tag
        color="success"
        icon={<CheckCircleFilled />}
        className="nl-status-tag"
        data-config-status="applied"
      >
        Applied
      </Tag>
    );
  }
  if (status === 'pending') {
    const age = pendingSince ? ` · ${formatAge(at - pendingSince)}` : '';
    return (
      <Tag
        color="processing"
        icon={<SyncOutlined spin />}
        className="nl-status-tag"
        data-config-status="pending"
      >
        Pending{age}
      </Tag>
    );
  }
  return (
    <Tooltip title={failureReason(failedCode ?? null, failedMessage ?? null)}>
      <Tag
        color="error"
        icon={<CloseCircleFilled />}
        className="nl-status-tag"
        data-config-status="failed"
        tabIndex={0}
      >
        Failed
      </Tag>
    </Tooltip>
  );
}

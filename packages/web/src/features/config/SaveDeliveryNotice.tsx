import {
  type ConfigTargetStatus,
  type DeliveryReport,
  type DeliveryTarget,
  deliveryState,
  deliveryText,
} from '@netloom/domain';
import { App, List, Typography } from 'antd';
import { useEffect } from 'react';
import { useConfigStatus } from './api';
import { DELIVERY_ICON, DeliveryFailure } from './deliveryParts';
import { useNow } from './useNow';

/** How long a notice stays once every online device applied the change. */
export const SETTLED_NOTICE_MS = 6_000;

/**
 * The devices a save affected, with their delivery as the project's status says now. A device whose
 * status still shows an older version (the status query has not caught up with the save yet) counts
 * as pending: the notice never says "applied" for a version the device has not confirmed.
 */
export function savedDeliveryTargets(
  report: Pick<DeliveryReport, 'devices'>,
  statuses: readonly ConfigTargetStatus[],
): DeliveryTarget[] {
  const byId = new Map(statuses.map((s) => [s.deviceId, s]));
  return report.devices.map(({ deviceId, version }) => {
    const s = byId.get(deviceId);
    if (s && s.desiredVersion >= version) return s;
    return {
      deviceId,
      name: s?.name ?? `Device ${deviceId}`,
      status: 'pending',
      online: s?.online ?? true,
      pendingSince: null,
      failedCode: null,
      failedMessage: null,
    };
  });
}

interface SaveDeliveryNoticeProps {
  projectId: number;
  delivery: DeliveryReport;
  /** The notification's key: the notice closes itself once the change has settled. */
  noticeKey: string;
}

/**
 * The body of a save's notification, live: the same state and words as the page's delivery bar and
 * the header's badge ("Applied on 7 of 8 · 1 failed — NL-R200"), the first refusal's reason and what
 * to do, and the devices that could not take the change at all (skipped).
 */
export function SaveDeliveryNotice({ projectId, delivery, noticeKey }: SaveDeliveryNoticeProps) {
  const status = useConfigStatus(projectId);
  const { notification } = App.useApp();
  const targets = savedDeliveryTargets(delivery, status.data?.devices ?? []);
  const state = deliveryState(targets);
  const now = useNow(15_000, state.pending > 0);
  // Settled: nothing failed or was skipped and no online device still waits (offline ones get it later).
  const waitingOnline = targets.some((t) => t.status === 'pending' && t.online);
  const quiet = state.failed === 0 && delivery.skipped.length === 0 && !waitingOnline;
  useEffect(() => {
    if (!quiet) return;
    const t = setTimeout(() => notification.destroy(noticeKey), SETTLED_NOTICE_MS);
    return () => clearTimeout(t);
  }, [quiet, notification, noticeKey]);
  return (
    <div className="nl-save-delivery" data-testid="save-delivery" data-tone={state.tone}>
      <div className={`nl-save-delivery-line nl-config-delivery-${state.tone}`}>
        <span className="nl-config-delivery-icon" aria-hidden>
          {DELIVERY_ICON[state.tone]}
        </span>
        <Typography.Text data-testid="save-delivery-text">{deliveryText(state, now)}</Typography.Text>
      </div>
      <DeliveryFailure state={state} className="nl-save-delivery-reason" />
      {delivery.skipped.length > 0 ? (
        <List
          size="small"
          header={<Typography.Text strong>Not delivered to</Typography.Text>}
          dataSource={delivery.skipped}
          renderItem={(s) => (
            <List.Item>
              <Typography.Text>
                {s.name}: <Typography.Text type="secondary">{s.message}</Typography.Text>
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : null}
    </div>
  );
}

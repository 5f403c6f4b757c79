import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled, SyncOutlined } from '@ant-design/icons';
import { type DeliverySummaryState, type DeliveryTone, failureAdvice } from '@netloom/domain';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** The icon of a delivery state (UI.md: colour + word + icon), the same in the bar and the notice. */
export const DELIVERY_ICON: Record<DeliveryTone, ReactNode> = {
  none: <InfoCircleFilled />,
  applied: <CheckCircleFilled />,
  pending: <SyncOutlined spin />,
  failed: <CloseCircleFilled />,
};

/** The first refusal in words ("NL-R200: <reason>") and what to do; nothing when none refused. */
export function DeliveryFailure({
  state,
  className,
  testId,
}: {
  state: DeliverySummaryState;
  className: string;
  testId?: string;
}) {
  const first = state.failures[0];
  if (!first) return null;
  return (
    <div className={className} data-testid={testId}>
      <Typography.Text strong>{first.name}:</Typography.Text> {first.reason}
      {state.failed > 1 ? ` (and ${state.failed - 1} more — see the devices)` : ''}
      <Typography.Text type="secondary" className="nl-config-delivery-advice">
        {failureAdvice(state)}
      </Typography.Text>
    </div>
  );
}

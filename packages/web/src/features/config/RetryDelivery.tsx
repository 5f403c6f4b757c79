import { RedoOutlined } from '@ant-design/icons';
import { type ConfigTargetStatus, canConfigure, type RetryDeliveryResult } from '@netloom/domain';
import { App, Button, Flex, Tooltip, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';
import { useRetryDelivery } from './api';

/**
 * "Retry delivery" of the delivery tables: a version a device refused is never resent by itself
 * (docs/decisions.md), so after fixing the device the user sends it again from here. Online devices
 * get it at once; offline ones are refused with 407 and named.
 */

/** Whether a device's row can be ticked for a retry: it is still waiting for or refused its version. */
export function canRetry(t: ConfigTargetStatus): boolean {
  return t.status !== 'applied';
}

function names(list: readonly { name: string }[]): string {
  const shown = list.slice(0, 3).map((d) => d.name);
  return list.length > 3 ? `${shown.join(', ')} and ${list.length - 3} more` : shown.join(', ');
}

/** What a retry did, in one or two sentences, and how loud to say it. */
export function retryText(r: RetryDeliveryResult): { tone: 'success' | 'warning' | 'info'; text: string } {
  const parts: string[] = [];
  if (r.retried.length > 0) parts.push(`Sent again to ${plural(r.retried.length, 'device')}.`);
  if (r.offline.length > 0) parts.push(`Offline, not retried: ${names(r.offline)} — retry once back online.`);
  if (r.unchanged.length > 0 && r.retried.length === 0 && r.offline.length === 0)
    parts.push(
      `Nothing to retry: ${names(r.unchanged)} already ${r.unchanged.length === 1 ? 'has' : 'have'} the settings.`,
    );
  const tone = r.offline.length > 0 ? 'warning' : r.retried.length > 0 ? 'success' : 'info';
  return { tone, text: parts.join(' ') };
}

interface RetryDeliveryBarProps {
  projectId: number;
  /** The ticked devices. */
  selected: readonly ConfigTargetStatus[];
  /** Called after a retry (the table clears its selection). */
  onDone(): void;
}

/** The toolbar above a delivery table: how many are ticked, and "Retry delivery". */
export function RetryDeliveryBar({ projectId, selected, onDone }: RetryDeliveryBarProps) {
  const { message, notification } = App.useApp();
  const { project } = useCurrentProject();
  const demo = useIsDemoProject();
  const retry = useRetryDelivery(projectId);
  const blocked = demo
    ? DEMO_DISABLED_TITLE
    : !project || !canConfigure(project.right)
      ? 'You can only view this project: retrying needs the manage right.'
      : selected.length === 0
        ? 'Tick the failed or pending devices to send their settings again.'
        : undefined;
  const offline = selected.filter((t) => !t.online).length;

  async function handleRetry() {
    try {
      const result = await retry.mutateAsync(selected.map((t) => t.deviceId));
      const { tone, text } = retryText(result);
      if (tone === 'warning')
        notification.warning({ message: 'Some devices are offline', description: text });
      else if (tone === 'success') message.success(text);
      else message.info(text);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && !e.shownGlobally) message.error(e.message);
      else if (!(e instanceof ApiError)) throw e;
    }
  }

  return (
    <Flex justify="space-between" align="center" gap={12} className="nl-config-retry-bar">
      <Typography.Text type="secondary">
        {selected.length === 0
          ? 'A refused version is not sent again by itself.'
          : `${plural(selected.length, 'device')} selected${offline > 0 ? `, ${offline} offline` : ''}`}
      </Typography.Text>
      <Tooltip title={blocked}>
        <Button
          size="small"
          icon={<RedoOutlined />}
          disabled={blocked !== undefined}
          loading={retry.isPending}
          onClick={() => void handleRetry()}
          data-testid="config-retry"
        >
          Retry delivery
        </Button>
      </Tooltip>
    </Flex>
  );
}

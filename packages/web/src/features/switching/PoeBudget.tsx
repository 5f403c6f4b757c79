import { ThunderboltFilled } from '@ant-design/icons';
import type { SwitchConfigView } from '@netloom/domain';
import { Flex, Progress, Typography } from 'antd';
import { formatWatts } from './portPanelModel';

type Poe = NonNullable<SwitchConfigView['poe']>;

/** Above this share of the budget the bar turns amber, at 100 % red. */
const WARN_RATIO = 0.85;

/**
 * §9 "PoE shows total, used and remaining watts": one strip with the budget bar. It follows the
 * view, which refetches on device and config events, so a PoE change shows here without a reload.
 */
export function PoeBudget({ poe, online }: { poe: Poe; online: boolean }) {
  const ratio = poe.totalWatts > 0 ? poe.usedWatts / poe.totalWatts : 0;
  const status = ratio >= 1 ? 'exception' : ratio >= WARN_RATIO ? 'normal' : 'success';
  const color = ratio >= 1 ? undefined : ratio >= WARN_RATIO ? '#faad14' : undefined;
  return (
    <Flex
      align="center"
      gap={20}
      wrap
      className="nl-poe-budget"
      data-testid="poe-budget"
      role="group"
      aria-label="PoE"
    >
      <Flex align="center" gap={8} className="nl-poe-budget-title">
        <ThunderboltFilled className="nl-poe-icon" aria-hidden />
        <Typography.Text strong>PoE budget</Typography.Text>
      </Flex>
      <dl className="nl-poe-stats">
        <div>
          <dt>Total</dt>
          <dd data-testid="poe-total">{formatWatts(poe.totalWatts)}</dd>
        </div>
        <div>
          <dt>Used</dt>
          <dd data-testid="poe-used">{formatWatts(poe.usedWatts)}</dd>
        </div>
        <div>
          <dt>Remaining</dt>
          <dd data-testid="poe-remaining">{formatWatts(poe.remainingWatts)}</dd>
        </div>
      </dl>
      <Progress
        className="nl-poe-bar"
        percent={Math.min(100, Math.round(ratio * 1000) / 10)}
        status={status}
        strokeColor={color}
        aria-label={`PoE used ${Math.round(ratio * 100)} % of the budget`}
        format={(p) => `${p} %`}
      />
      {!online ? (
        <Typography.Text type="secondary" className="nl-poe-note">
          The switch is offline: no live PoE readings until it reconnects.
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

import { DownOutlined } from '@ant-design/icons';
import { type ConfigTargetStatus, deliveryState, deliveryText } from '@netloom/domain';
import { Button, Flex, Popover, Typography } from 'antd';
import { Link } from 'react-router';
import { ConfigTargetTable } from './ConfigTargetTable';
import { DELIVERY_ICON, DeliveryFailure } from './deliveryParts';
import { useNow } from './useNow';
import './config.css';
import { MENU_PAGES } from '../../navigation/paths';

interface ConfigDeliveryBarProps {
  projectId: number;
  targets: readonly ConfigTargetStatus[];
  /** The document's current version (0 = never saved). */
  version: number;
  /** Clock override for tests. */
  now?: number;
}

/**
 * One line under a settings page's title saying where its current version stands on the devices
 * (applied / pending with age / failed with reason), with the per-device table in a popover.
 * Live: `config.status` events refetch the view that passes `targets`.
 */
export function ConfigDeliveryBar({ projectId, targets, version, now }: ConfigDeliveryBarProps) {
  const ticking = useNow(15_000, now === undefined && targets.some((t) => t.status === 'pending'));
  const state = deliveryState(targets);
  const text = deliveryText(state, now ?? ticking);
  const content = (
    <div className="nl-config-delivery-popover">
      <ConfigTargetTable targets={targets} projectId={projectId} />
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Link to={MENU_PAGES.log} data-project={projectId}>
          Open the change log
        </Link>
      </Flex>
    </div>
  );
  return (
    <div
      className={`nl-config-delivery nl-config-delivery-${state.tone}`}
      data-testid="config-delivery"
      data-tone={state.tone}
      data-applied={state.applied}
      data-failed={state.failed}
      data-total={state.total}
      role="status"
    >
      <Flex align="center" gap={12}>
        <span className="nl-config-delivery-icon" aria-hidden>
          {DELIVERY_ICON[state.tone]}
        </span>
        <Typography.Text
          className="nl-config-delivery-text"
          data-testid="config-delivery-text"
          ellipsis={{ tooltip: text }}
        >
          {text}
        </Typography.Text>
        <Typography.Text type="secondary" className="nl-config-delivery-version">
          {version === 0 ? 'Factory settings' : `Version ${version}`}
        </Typography.Text>
        {targets.length > 0 ? (
          <Popover
            trigger="click"
            placement="bottomRight"
            title={`Delivery of version ${version}`}
            content={content}
            destroyOnHidden
          >
            <Button size="small" type="link" className="nl-config-delivery-more">
              {targets.length === 1 ? 'Device' : `All ${targets.length} devices`} <DownOutlined />
            </Button>
          </Popover>
        ) : null}
      </Flex>
      <DeliveryFailure state={state} className="nl-config-delivery-reason" testId="config-delivery-reason" />
    </div>
  );
}

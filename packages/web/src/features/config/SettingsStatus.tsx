import type { ConfigTargetStatus } from '@netloom/domain';
import { Alert } from 'antd';
import { ConfigDeliveryBar } from './ConfigDeliveryBar';
import type { SettingsAccess } from './useSettingsAccess';
import './config.css';

interface SettingsStatusProps {
  access: SettingsAccess;
  /** The document's version and the devices it goes to. */
  view: { version: number; targets: readonly ConfigTargetStatus[] };
  /** Test id of the read-only notice. */
  noticeTestId: string;
}

/**
 * Under a settings page's header: where the current version stands on its devices (applied,
 * pending, failed), and why the page cannot be changed when it cannot.
 */
export function SettingsStatus({ access, view, noticeTestId }: SettingsStatusProps) {
  return (
    <>
      <div className="nl-settings-status">
        <ConfigDeliveryBar projectId={access.projectId} targets={view.targets} version={view.version} />
      </div>
      {access.notice ? (
        <Alert
          className="nl-settings-status"
          type="info"
          showIcon
          title={access.notice}
          data-testid={noticeTestId}
        />
      ) : null}
    </>
  );
}

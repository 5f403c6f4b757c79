import { GENERAL_MESSAGES } from '@netloom/domain';
import { Alert } from 'antd';
import { missingBrowserFeatures } from '../../browser/platform';

/** §8 "browser too old": shown on the sign-in screens when a feature the console needs is missing. */
export function BrowserNotice() {
  const missing = missingBrowserFeatures();
  if (missing.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className="nl-auth-alert"
      title={GENERAL_MESSAGES.BROWSER_TOO_OLD}
      description={`Missing: ${missing.join(', ')}.`}
    />
  );
}

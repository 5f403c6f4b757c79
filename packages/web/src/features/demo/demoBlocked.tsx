import { DEMO_BLOCKED_ACKNOWLEDGE, GENERAL_MESSAGES } from '@netloom/domain';
import { ConfigProvider, Modal } from 'antd';
import { theme } from '../../styles/theme';

let open = false;

/**
 * The §6 modal "This operation is unavailable in demo projects." with its "Got it" button. Shown by
 * the app whenever the API client reports the demo code (405), wherever the call came from; one
 * modal at a time (a page that fires several refused calls shows it once). Loaded on first use (see
 * index.ts), so the sign-in route does not carry the modal code.
 */
export function showDemoBlocked(): void {
  if (open) return;
  open = true;
  // Static modals live outside the React tree: give them the console's theme.
  ConfigProvider.config({
    holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider>,
  });
  Modal.info({
    title: 'Demo project',
    content: GENERAL_MESSAGES.DEMO_BLOCKED,
    okText: DEMO_BLOCKED_ACKNOWLEDGE,
    centered: true,
    afterClose: () => {
      open = false;
    },
  });
}

import { type WirelessSettings, wirelessChangeImpact } from '@netloom/domain';
import { App } from 'antd';
import { useCallback } from 'react';
import { impactDevices } from './carriage';
import { ImpactSummary } from './ImpactSummary';
import type { WirelessEditor } from './useWirelessEditor';

/** Wide enough for the table of networks broadcast now. */
const CONFIRM_WIDTH = 640;

/**
 * "Save and apply?" before a Wi-Fi policy save, like the other settings pages — with what the APs
 * broadcast now and what the candidate changes on the air (issue 10 point 3: a first policy
 * replaces the factory networks, and their clients reconnect). Resolves true to save.
 */
export function useSaveConfirmation(editor: WirelessEditor) {
  const { modal } = App.useApp();
  return useCallback(
    (candidate: WirelessSettings) =>
      new Promise<boolean>((resolve) => {
        const impact = wirelessChangeImpact(impactDevices(editor.view), candidate);
        modal.confirm({
          title: 'Save and apply?',
          width: CONFIRM_WIDTH,
          content: <ImpactSummary impact={impact} />,
          okText: 'Save and apply',
          cancelText: 'Not now',
          okButtonProps: { danger: impact.clients > 0 },
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, editor.view],
  );
}

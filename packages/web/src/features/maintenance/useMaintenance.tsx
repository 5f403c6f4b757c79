import type { MaintenanceAction, MaintenanceBatchResult } from '@netloom/domain';
import { App } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/client';
import { useRunMaintenance } from './api';
import { ConfirmMaintenanceModal, type PendingMaintenance } from './ConfirmMaintenanceModal';
import { MaintenanceResultModal } from './MaintenanceResultModal';
import { type MaintenanceDevice, startedText } from './words';

export interface MaintenanceFlow {
  /** Opens the confirmation for these devices. */
  start(action: MaintenanceAction, devices: MaintenanceDevice[]): void;
  /** The confirmation and result dialogs: render once where the flow is used. */
  dialogs: ReactNode;
}

/**
 * Confirm → send → tell: one device answers with a message (its refusal's catalogue message when
 * the server still refuses); a selection shows a result per device when any was refused.
 */
export function useMaintenance(projectId: number, onDone?: () => void): MaintenanceFlow {
  const { message } = App.useApp();
  const run = useRunMaintenance(projectId);
  const [pending, setPending] = useState<PendingMaintenance | null>(null);
  const [result, setResult] = useState<MaintenanceBatchResult | null>(null);

  async function handleConfirm(minutes: number) {
    if (!pending) return;
    const { action, devices } = pending;
    try {
      const answer = await run.mutateAsync({ action, deviceIds: devices.map((d) => d.id), minutes });
      setPending(null);
      onDone?.();
      if (answer.kind === 'one') message.success(startedText(action, 1, minutes));
      else if (answer.result.refused === 0)
        message.success(startedText(action, answer.result.started, minutes));
      else setResult(answer.result);
    } catch (err) {
      setPending(null);
      if (err instanceof ApiError && err.shownGlobally) return;
      message.error(err instanceof Error ? err.message : 'The command could not be sent.');
    }
  }

  return {
    start: (action, devices) => setPending({ action, devices }),
    dialogs: (
      <>
        <ConfirmMaintenanceModal
          pending={pending}
          busy={run.isPending}
          onCancel={() => setPending(null)}
          onConfirm={(m) => void handleConfirm(m)}
        />
        <MaintenanceResultModal result={result} onClose={() => setResult(null)} />
      </>
    ),
  };
}

import {
  type ConfigConflict,
  type ConfigKind,
  configConflictSchema,
  ERR,
  type SaveConfigResult,
} from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { useCurrentProject } from '../../session/session';
import { ConfigConflictContent, type ConflictChoice, type ReviewDrawer } from './ConfigConflictDialog';
import { configKeys } from './keys';
import { SaveDeliveryNotice } from './SaveDeliveryNotice';
import { baseVersionOf, conflictText, rebasedInput, savedText } from './saveFlowText';

/** Anything that saves a settings document: `useSaveConfig(…)` or `useRestoreRevision(…)`. */
export interface ConfigMutation<I> {
  mutateAsync(input: I): Promise<SaveConfigResult>;
}

export interface ConfigSaveFlowOptions {
  /** The document saved, so a 414 can say who saved the newer version and when. */
  kind?: ConfigKind;
  deviceId?: number;
  /**
   * Called after the user chose "Discard mine and reload" on a 414 (the config views are refetched
   * already). "Keep my changes" saves the same input again on top of the newer version instead.
   */
  onReload?: () => void;
  /** First word of the notification ("Saved", "Restored"). */
  verb?: string;
  /** What to do after a 414, said after who saved first (default: the form advice). */
  conflictAdvice?: string;
}

type Notification = ReturnType<typeof App.useApp>['notification'];

let noticeSeq = 0;

/** The saved version's notification; its body follows delivery to the devices live. */
function notifySaved(
  notification: Notification,
  projectId: number,
  result: SaveConfigResult,
  verb: string | undefined,
): void {
  noticeSeq += 1;
  const key = `config-saved-${noticeSeq}`;
  notification.open({
    key,
    message: savedText(result.version, verb),
    description: <SaveDeliveryNotice projectId={projectId} delivery={result.delivery} noticeKey={key} />,
    duration: 0,
  });
}

/**
 * The save flow with the drawer that "Review changes" opens on a 414 (the history drawer, which
 * itself restores through this flow: it is passed in rather than imported, so the modules form no
 * cycle). Pages use `useConfigSaveFlow`.
 */
export function useSaveFlow(review: ReviewDrawer, options: ConfigSaveFlowOptions = {}) {
  const { notification, modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { project } = useCurrentProject();
  const [saving, setSaving] = useState(false);
  const { kind, deviceId, onReload, verb } = options;
  const advice =
    options.conflictAdvice ??
    'Your changes are still in the form. Review what they changed, then keep your changes on top of their version or discard yours and reload.';
  const projectId = project?.id ?? 0;

  const askConflict = useCallback(
    (error: ApiError, input: unknown) =>
      new Promise<{ choice: ConflictChoice; conflict: ConfigConflict | null }>((resolve) => {
        const parsed = configConflictSchema.safeParse(error.data);
        const conflict = parsed.success ? parsed.data : null;
        let instance: { destroy(): void } | null = null;
        let done = false;
        const finish = (choice: ConflictChoice) => {
          if (done) return;
          done = true;
          instance?.destroy();
          resolve({ choice, conflict });
        };
        instance = modal.confirm({
          title: 'These settings changed meanwhile',
          width: 620,
          closable: true,
          maskClosable: false,
          footer: null,
          onCancel: () => finish('close'),
          content: (
            <ConfigConflictContent
              projectId={projectId}
              kind={kind}
              deviceId={deviceId}
              conflict={conflict}
              baseVersion={baseVersionOf(input)}
              fallbackText={conflictText(null)}
              advice={advice}
              canKeep={conflict !== null && rebasedInput(input, 0) !== null}
              onChoose={finish}
              review={review}
            />
          ),
        });
      }),
    [modal, projectId, kind, deviceId, advice, review],
  );

  const save = useCallback(
    async <I,>(mutation: ConfigMutation<I>, input: I): Promise<SaveConfigResult | null> => {
      setSaving(true);
      let attempt: I = input;
      try {
        // Loops only when the user keeps their changes on top of a newer version (a new 414 asks again).
        for (;;) {
          try {
            const result = await mutation.mutateAsync(attempt);
            notifySaved(notification, projectId, result, verb);
            return result;
          } catch (e) {
            if (!(e instanceof ApiError)) throw e;
            if (e.code !== ERR.CONFIG_CONFLICT) {
              if (!e.shownGlobally) message.error(e.message);
              return null;
            }
            const { choice, conflict } = await askConflict(e, attempt);
            const rebased = conflict && choice === 'keep' ? rebasedInput(attempt, conflict.version) : null;
            if (rebased !== null) {
              attempt = rebased;
              continue;
            }
            if (choice === 'discard') {
              await queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) });
              onReload?.();
            }
            return null;
          }
        }
      } finally {
        setSaving(false);
      }
    },
    [notification, message, askConflict, verb, queryClient, projectId, onReload],
  );

  return { save, saving };
}

import { type ConfigKind, type ConfigRevisionPage, ERR, type SaveConfigResult } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App, List, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { ApiError, api } from '../../api/client';
import { queryKeys } from '../../api/queryKeys';
import { useCurrentProject } from '../../app/session';
import { conflictText, savedText } from './saveFlowText';

/** Anything that saves a settings document: `useSaveConfig(…)` or `useRestoreRevision(…)`. */
export interface ConfigMutation<I> {
  mutateAsync(input: I): Promise<SaveConfigResult>;
}

export interface ConfigSaveFlowOptions {
  /** The document saved, so a 414 can say who saved the newer version and when. */
  kind?: ConfigKind;
  deviceId?: number;
  /** Called after the user chose "Reload" on a 414 (the config views are refetched already). */
  onReload?: () => void;
  /** First word of the notification ("Saved", "Restored"). */
  verb?: string;
  /** What to do after a 414, said after who saved first (default: the form advice). */
  conflictAdvice?: string;
}

/**
 * The one way a page saves configuration: `const r = await save(mutation, input)` gives the result,
 * or null when the save did not happen. Success shows what the version does on the devices (sent,
 * queued for offline devices, skipped with reason); 414 explains that someone saved first and
 * offers to reload; any other refusal shows the catalogue message (field issues stay on
 * `mutation.error` for the form).
 */
export function useConfigSaveFlow(options: ConfigSaveFlowOptions = {}) {
  const { notification, modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { project } = useCurrentProject();
  const [saving, setSaving] = useState(false);
  const { kind, deviceId, onReload, verb } = options;
  const advice =
    options.conflictAdvice ?? 'Reload to review their changes; your edits stay in the form until you reload.';
  const projectId = project?.id ?? 0;

  const newestRevision = useCallback(async () => {
    if (!kind || projectId === 0) return null;
    const q = new URLSearchParams({ kind, page: '1', pageSize: '1' });
    if (deviceId !== undefined) q.set('deviceId', String(deviceId));
    try {
      const page = await api.get<ConfigRevisionPage>(`/api/projects/${projectId}/config/revisions?${q}`);
      return page.items[0] ?? null;
    } catch {
      return null;
    }
  }, [kind, deviceId, projectId]);

  const showConflict = useCallback(async () => {
    const newest = await newestRevision();
    modal.confirm({
      title: 'These settings changed meanwhile',
      content: `${conflictText(newest)} ${advice}`,
      okText: 'Reload',
      cancelText: 'Keep my edits',
      onOk: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.config(projectId) });
        onReload?.();
      },
    });
  }, [modal, newestRevision, queryClient, projectId, onReload, advice]);

  const save = useCallback(
    async <I,>(mutation: ConfigMutation<I>, input: I): Promise<SaveConfigResult | null> => {
      setSaving(true);
      try {
        const result = await mutation.mutateAsync(input);
        const skipped = result.delivery.skipped;
        notification.success({
          message: savedText(result.version, result.delivery, verb),
          description:
            skipped.length > 0 ? (
              <List
                size="small"
                header={<Typography.Text strong>Not delivered to</Typography.Text>}
                dataSource={skipped}
                renderItem={(s) => (
                  <List.Item>
                    <Typography.Text>
                      {s.name}: <Typography.Text type="secondary">{s.message}</Typography.Text>
                    </Typography.Text>
                  </List.Item>
                )}
              />
            ) : undefined,
          duration: skipped.length > 0 ? 0 : 6,
        });
        return result;
      } catch (e) {
        if (e instanceof ApiError && e.code === ERR.CONFIG_CONFLICT) await showConflict();
        else if (e instanceof ApiError) {
          if (!e.shownGlobally) message.error(e.message);
        } else throw e;
        return null;
      } finally {
        setSaving(false);
      }
    },
    [notification, message, showConflict, verb],
  );

  return { save, saving };
}

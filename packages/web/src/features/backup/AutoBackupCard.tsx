import { ThunderboltOutlined } from '@ant-design/icons';
import { App, Card, Flex, Switch, Tooltip, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { useBackupSettings, useSaveBackupSettings } from './api';

/**
 * The project's automatic backup (beyond the spec): each device is backed up after it applied a
 * configuration change, within the 3-minute rule.
 */
export function AutoBackupCard({ projectId, blocked }: { projectId: number; blocked: string | null }) {
  const settings = useBackupSettings(projectId);
  const save = useSaveBackupSettings(projectId);
  const { message } = App.useApp();
  const on = settings.data?.autoAfterChange ?? false;
  return (
    <Card size="small" className="nl-backup-kpi nl-backup-auto">
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="center" gap={12}>
          <Typography.Text type="secondary">
            <ThunderboltOutlined /> Automatic backup
          </Typography.Text>
          <Tooltip title={blocked}>
            <Switch
              aria-label="Automatic backup after each configuration change"
              checked={on}
              loading={settings.isPending || save.isPending}
              disabled={!!blocked}
              onChange={(v) =>
                save.mutate(v, {
                  onError: (err) => {
                    if (err instanceof ApiError && err.shownGlobally) return;
                    message.error(err instanceof Error ? err.message : 'The option could not be saved.');
                  },
                })
              }
            />
          </Tooltip>
        </Flex>
        <Typography.Text type="secondary" className="nl-backup-sub">
          {on
            ? 'On: each device is backed up after it applies a configuration change (at most every 3 minutes).'
            : 'Off: back up devices with Back up now.'}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

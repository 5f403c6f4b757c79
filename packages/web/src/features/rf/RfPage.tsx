import { ThunderboltOutlined } from '@ant-design/icons';
import { canConfigure, NET_MODES, type RfRun } from '@netloom/domain';
import { Alert, App, Button, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';
import { ConfigDeliveryBar, ConfigHistoryButton } from '../config';
import { useRfConfig, useRfLive, useRfView, useStartRfRun } from './api';
import { RfOverview } from './RfOverview';
import { RfProgressCard } from './RfProgressCard';
import { RfRecordsCard } from './RfRecordsCard';
import { RfSettingsSection } from './RfSettingsSection';
import { failureText, runDurationText, runningLockMessage, startBlockReason, successText } from './rfModel';
import { useRunEnded } from './useRunEnded';
import './rf.css';
import { LoadError } from '../../components/LoadError';

const TITLE = 'RF optimization';
const DESCRIPTION =
  'Plan channels and transmit power of the project’s APs from what they hear of each other, and tune roaming.';
const READ_ONLY_TITLE = 'You can only view this project: optimising needs the manage right.';

/** /manage/rfconf — RF optimisation (§2, WLAN projects only): runs, records, settings, roaming. */
export default function RfPage() {
  const { project } = useCurrentProject();
  if (!project) return null; // the route guard asks for a project first
  // Mesh projects never get here: the route guard explains that RF optimisation is WLAN-only.
  if (project.netMode !== NET_MODES.WLAN) return null;
  return <RfPageBody projectId={project.id} canWrite={canConfigure(project.right)} />;
}

function RfPageBody({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const { modal, message } = App.useApp();
  const demo = useIsDemoProject();
  const viewQ = useRfView(projectId);
  const configQ = useRfConfig(projectId);
  const start = useStartRfRun(projectId);
  const [ended, setEnded] = useState<RfRun | null>(null);
  useRfLive(projectId);
  useRunEnded(viewQ.data, setEnded);

  const view = viewQ.data;
  const running = view?.running ?? null;
  const editBlockedReason = demo ? DEMO_DISABLED_TITLE : canWrite ? undefined : READ_ONLY_TITLE;
  const blocked = startBlockReason({ editBlockedReason, view });
  const notice = demo
    ? 'This is a demo project: you can look at the RF settings and records, but changes are unavailable.'
    : canWrite
      ? undefined
      : 'You can only view this project: the settings are shown, changing them needs the manage right.';

  function handleStart() {
    if (!view) return;
    modal.confirm({
      title: 'Optimise the project’s radios now?',
      content: `The ${view.onlineAps} online APs scan for each other, then get new channels and transmit power. ${runDurationText(view)}; radios change channel briefly and some clients may reconnect.`,
      okText: 'Optimize now',
      cancelText: 'Cancel',
      onOk: async () => {
        setEnded(null);
        try {
          await start.mutateAsync();
        } catch (e) {
          if (e instanceof ApiError && !e.shownGlobally) message.error(e.message);
          else if (!(e instanceof ApiError)) throw e;
        }
      },
    });
  }

  const startButton = (
    <Button
      type="primary"
      icon={<ThunderboltOutlined />}
      disabled={blocked !== undefined}
      loading={start.isPending || running !== null}
      onClick={handleStart}
      data-testid="rf-start"
    >
      {running ? 'Optimising…' : 'Optimize now'}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        actions={
          <>
            {configQ.data ? (
              <ConfigHistoryButton projectId={projectId} kind="rf" currentVersion={configQ.data.version} />
            ) : null}
            {blocked ? (
              <Tooltip title={blocked}>
                <span data-testid="rf-start-blocked" data-reason={blocked}>
                  {startButton}
                </span>
              </Tooltip>
            ) : (
              startButton
            )}
          </>
        }
      />
      {configQ.data ? (
        <div className="nl-rf-section">
          <ConfigDeliveryBar
            projectId={projectId}
            targets={configQ.data.targets}
            version={configQ.data.version}
          />
        </div>
      ) : null}
      {notice ? <Alert className="nl-rf-section" type="info" showIcon title={notice} /> : null}
      <LoadError
        query={viewQ}
        title="The RF optimisation state could not be loaded."
        className="nl-rf-section"
      />
      {ended && !running ? (
        <Alert
          className="nl-rf-section"
          type={ended.status === 'succeeded' ? 'success' : 'error'}
          showIcon
          closable={{ onClose: () => setEnded(null) }}
          title={ended.status === 'succeeded' ? successText(ended) : 'RF optimisation failed.'}
          description={ended.status === 'succeeded' ? undefined : failureText(ended.code)}
          data-testid="rf-result"
          data-status={ended.status}
        />
      ) : null}
      {running ? (
        <div className="nl-rf-section">
          <RfProgressCard run={running} lastRunText={runDurationText(view)} />
        </div>
      ) : null}
      {!running && view && view.onlineAps < 2 && canWrite && !demo ? (
        <Alert
          className="nl-rf-section"
          type="warning"
          showIcon
          title={blocked}
          description={`${view.onlineAps} of ${view.totalAps} APs are online. Optimisation plans radios from what online APs hear of each other.`}
          data-testid="rf-too-few"
        />
      ) : null}
      <div className="nl-rf-section">
        <RfOverview view={view} config={configQ.data} loading={viewQ.isPending} />
      </div>
      {configQ.isError ? (
        <LoadError query={configQ} title="The RF settings could not be loaded." className="nl-rf-section" />
      ) : (
        <RfSettingsSection
          projectId={projectId}
          config={configQ.data}
          editable={canWrite && !demo}
          lockReason={running || configQ.data?.running ? runningLockMessage(running?.trigger) : undefined}
          disabledReason={editBlockedReason}
        />
      )}
      <RfRecordsCard records={view?.records ?? []} loading={viewQ.isPending} />
      <Typography.Paragraph type="secondary" className="nl-rf-footnote">
        Noise figures come from the interference model the planner uses: what each radio hears of the others
        on its own channel (same-channel) and on overlapping channels (near-channel), over a −95 dBm noise
        floor.
      </Typography.Paragraph>
    </>
  );
}

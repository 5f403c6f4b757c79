import { Alert, Button } from 'antd';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentProject } from '../../session/session';
import { useNetworkStatus, useProjectOverview } from './api';
import { OverviewKpis } from './OverviewKpis';
import { StatusPanels } from './StatusPanels';
import { TimeRangeControl, useTimeRange } from './TimeRangeControl';
import './monitoring.css';

/** /manage/status — the current project's health: KPI cards, then Internet, Switch, AP and Client. */
export default function NetworkStatusPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const [range, setRange, rangeReady] = useTimeRange();
  const overview = useProjectOverview(projectId);
  const status = useNetworkStatus(projectId, range, rangeReady);
  // Live refresh: the console's LiveQueryBridge invalidates these keys on live events.

  const error = overview.error ?? status.error;
  return (
    <>
      <PageHeader
        title="Network status"
        description={`Internet, switches, access points and clients of ${project?.projectName ?? 'this project'}.`}
        actions={<TimeRangeControl value={range} onChange={setRange} />}
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          title="The network status could not be loaded."
          description={error.message}
          action={
            <Button
              onClick={() => {
                void overview.refetch();
                void status.refetch();
              }}
            >
              Retry
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <OverviewKpis data={overview.data} loading={overview.isPending} />
      <StatusPanels data={status.data} loading={status.isPending} />
    </>
  );
}

import { CalendarOutlined, HistoryOutlined, RadarChartOutlined, WifiOutlined } from '@ant-design/icons';
import type { RfConfigView, RfView } from '@netloom/domain';
import { formatDateTime } from '../../components/format';
import { KpiRow } from '../../components/KpiCard';
import { RunStatusTag } from './RfRecordsTable';
import {
  changedRadios,
  deltaTone,
  formatDb,
  formatDbm,
  lastRun,
  noiseDelta,
  scheduleText,
  untilText,
} from './rfModel';

/** Four cards a row on wide screens, two on tablets, one on phones. */
const QUARTER = { xs: 24, sm: 12, xl: 6 };

interface RfOverviewProps {
  view: RfView | undefined;
  config: RfConfigView | undefined;
  loading: boolean;
}

/** The KPI row: APs online, the last run, its effect on total noise, and the next automatic run. */
export function RfOverview({ view, config, loading }: RfOverviewProps) {
  const last = lastRun(view);
  const delta = last ? noiseDelta(last) : null;
  const tone = deltaTone(delta);
  const online = view?.onlineAps ?? 0;
  return (
    <KpiRow
      kpis={[
        {
          key: 'online',
          title: 'APs online',
          icon: <WifiOutlined />,
          value: (
            <span data-testid="rf-online">
              {online}
              <span className="nl-kpi-total"> / {view?.totalAps ?? 0}</span>
            </span>
          ),
          footer:
            online >= 2 ? (
              'Radios of online APs take part'
            ) : (
              <span className="nl-rf-warn">At least 2 must be online to optimise</span>
            ),
        },
        {
          key: 'last',
          title: 'Last optimisation',
          icon: <HistoryOutlined />,
          value: last ? (
            <span className="nl-rf-kpi-time" data-testid="rf-last-run" data-status={last.status}>
              {formatDateTime(last.startedAt)}
            </span>
          ) : (
            <span className="nl-rf-kpi-none">Never run</span>
          ),
          footer: last ? (
            <span className="nl-rf-kpi-last">
              <RunStatusTag run={last} />
              {last.trigger === 'auto' ? 'Automatic' : 'Manual'} · {changedRadios(last)} of{' '}
              {last.changes.length} radios changed
            </span>
          ) : (
            'Start one with “Optimize now”'
          ),
        },
        {
          key: 'noise',
          title: 'Total noise after last run',
          icon: <RadarChartOutlined />,
          value: last?.after ? (
            <span data-testid="rf-total-noise">
              {formatDbm(last.after.totalDbm).replace(' dBm', '')}
              <span className="nl-kpi-unit"> dBm</span>
            </span>
          ) : (
            <span className="nl-rf-kpi-none">—</span>
          ),
          footer:
            last?.before && delta !== null ? (
              <span>
                <span className={`nl-rf-delta nl-rf-delta-${tone}`}>{formatDb(delta)}</span> from{' '}
                {formatDbm(last.before.totalDbm)}
              </span>
            ) : (
              'Average noise a radio hears, interference included'
            ),
        },
        {
          key: 'next',
          title: 'Next automatic run',
          icon: <CalendarOutlined />,
          value: view?.nextAutoRunAt ? (
            <span className="nl-rf-kpi-next" data-testid="rf-next-run">
              {formatDateTime(view.nextAutoRunAt)}
            </span>
          ) : (
            <span className="nl-rf-kpi-none" data-testid="rf-next-run">
              Off
            </span>
          ),
          footer: config
            ? view?.nextAutoRunAt
              ? `${untilText(view.nextAutoRunAt)} · ${scheduleText(config.settings)}, project time`
              : `Schedule: ${scheduleText(config.settings)}`
            : ' ',
        },
      ]}
      loading={loading}
      column={QUARTER}
      className="nl-rf-kpis"
      testId="rf-overview"
    />
  );
}

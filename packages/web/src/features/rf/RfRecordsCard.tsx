import { RF_LOG_LATEST, type RfRun } from '@netloom/domain';
import { Card, Col, Flex, Row, Skeleton, Statistic, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { formatDateTime } from '../../components/format';
import { RfRecordsTable } from './RfRecordsTable';
import { changedRadios, deltaTone, formatDb, NOISE_FIGURES, noiseDelta } from './rfModel';

const NoiseChart = lazy(() => import('./NoiseChart'));

/** The latest successful run with figures: its before/after chart and the change per figure. */
function LatestResult({ run }: { run: RfRun }) {
  return (
    <Row gutter={[24, 16]} align="middle" className="nl-rf-latest" data-testid="rf-latest">
      <Col xs={24} lg={11}>
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 220 }} />}>
          <NoiseChart run={run} />
        </Suspense>
      </Col>
      <Col xs={24} lg={13}>
        <Typography.Text type="secondary">
          Latest run, {formatDateTime(run.startedAt)} · {changedRadios(run)} of {run.changes.length} radios
          changed
        </Typography.Text>
        <Flex gap={32} wrap className="nl-rf-latest-stats">
          {NOISE_FIGURES.map((f) => {
            const delta = noiseDelta(run, f.key);
            const tone = deltaTone(delta);
            return (
              <Statistic
                key={f.key}
                title={f.label}
                value={delta === null ? '—' : formatDb(delta)}
                className={`nl-rf-stat nl-rf-stat-${tone}`}
              />
            );
          })}
        </Flex>
        <Typography.Paragraph type="secondary" className="nl-rf-row-hint">
          Lower is better: a negative change means the radios hear less of each other after the run.
        </Typography.Paragraph>
      </Col>
    </Row>
  );
}

/** Records of the latest runs, with the latest result drawn on top. */
export function RfRecordsCard({ records, loading }: { records: readonly RfRun[]; loading: boolean }) {
  const latest = records.find((r) => r.status === 'succeeded' && r.before && r.after) ?? null;
  return (
    <Card
      title="Optimisation records"
      className="nl-rf-card nl-rf-records-card nl-rf-section"
      extra={<Typography.Text type="secondary">Latest {RF_LOG_LATEST} runs</Typography.Text>}
    >
      {latest ? <LatestResult run={latest} /> : null}
      <RfRecordsTable records={records} loading={loading} />
    </Card>
  );
}

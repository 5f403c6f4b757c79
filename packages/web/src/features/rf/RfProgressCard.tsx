import type { RfRun } from '@netloom/domain';
import { Card, Flex, Progress, Steps, Typography } from 'antd';
import { formatDateTime } from '../../components/format';
import { RF_STEPS, stepIndex } from './rfModel';

/** The run under way: stage, percent and what it does to clients (settings say they are locked). */
export function RfProgressCard({ run, lastRunText }: { run: RfRun; lastRunText: string }) {
  const current = stepIndex(run.stage);
  const percent = Math.round(run.percent);
  return (
    <Card className="nl-rf-card nl-rf-progress" data-testid="rf-progress">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <div>
          <Typography.Title level={5} className="nl-rf-progress-title">
            {run.trigger === 'auto' ? 'Automatic optimisation running' : 'Optimisation running'}
          </Typography.Title>
          <Typography.Text type="secondary">
            Started {formatDateTime(run.startedAt)} · {lastRunText}. Radios change channel briefly and some
            clients may reconnect.
          </Typography.Text>
        </div>
        <Typography.Text className="nl-rf-progress-percent" data-testid="rf-progress-percent">
          {percent}%
        </Typography.Text>
      </Flex>
      <Progress
        percent={percent}
        status="active"
        showInfo={false}
        className="nl-rf-progress-bar"
        aria-label="Optimisation progress"
      />
      <Steps
        size="small"
        current={Math.min(current, RF_STEPS.length - 1)}
        status="process"
        items={RF_STEPS.map((s) => ({ title: s.title, content: s.description }))}
        data-testid="rf-stages"
        data-stage={run.stage}
      />
    </Card>
  );
}

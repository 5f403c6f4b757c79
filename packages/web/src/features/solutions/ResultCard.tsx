import { SOLUTION_ROLE_LABELS, type SolutionDraft, type SolutionRole } from '@netloom/domain';
import { Card, Col, List, Row, Statistic, Tag, Typography } from 'antd';

function total(d: SolutionDraft, roles: SolutionRole[]): number {
  return d.lines.filter((l) => roles.includes(l.role)).reduce((n, l) => n + l.quantity, 0);
}

/** The generated result at a glance: key figures, then every number with its reason. */
export function ResultCard({ draft }: { draft: SolutionDraft }) {
  return (
    <Card
      className="nl-result-card"
      title={`Recommended for ${draft.scenarioName}`}
      extra={<Tag color="green">Generated</Tag>}
    >
      <Row gutter={16} className="nl-result-kpis">
        <Col xs={12} md={6}>
          <Statistic title="Access points" value={total(draft, ['ap'])} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="Switches" value={total(draft, ['core_switch', 'access_switch'])} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="AP cell radius" value={draft.coverage.radiusM.toFixed(1)} suffix="m" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title="PoE load" value={draft.poe.watts} suffix={`/ ${draft.poe.budgetWatts} W`} />
        </Col>
      </Row>
      <List
        className="nl-result-lines"
        dataSource={draft.lines}
        renderItem={(l) => (
          <List.Item>
            <List.Item.Meta
              title={
                <span>
                  <Typography.Text strong>
                    {l.quantity} × {l.model}
                  </Typography.Text>{' '}
                  <Typography.Text type="secondary">{SOLUTION_ROLE_LABELS[l.role]}</Typography.Text>
                </span>
              }
              description={l.reason.charAt(0).toUpperCase() + l.reason.slice(1)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

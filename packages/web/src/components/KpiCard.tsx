import { Card, Col, type ColProps, Flex, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import './kpi.css';

interface KpiCardProps {
  title: string;
  icon: ReactNode;
  value: ReactNode;
  /** One line of context under the number. */
  footer?: ReactNode;
  loading?: boolean;
}

/** A key-figure card of an overview page: label and icon, a big number, one line of context. */
export function KpiCard({ title, icon, value, footer, loading }: KpiCardProps) {
  return (
    <Card className="nl-kpi-card" styles={{ body: { padding: 20 } }}>
      <Flex justify="space-between" align="center">
        <Typography.Text type="secondary">{title}</Typography.Text>
        <span className="nl-kpi-icon" aria-hidden>
          {icon}
        </span>
      </Flex>
      {loading ? (
        <Skeleton
          active
          title={false}
          paragraph={{ rows: 2, width: ['40%', '80%'] }}
          style={{ marginTop: 12 }}
        />
      ) : (
        <>
          <div className="nl-kpi-value">{value}</div>
          <div className="nl-kpi-footer">{footer}</div>
        </>
      )}
    </Card>
  );
}

/** One key figure of a row of cards. */
export interface Kpi {
  key: string;
  title: string;
  icon: ReactNode;
  value: ReactNode;
  footer?: ReactNode;
}

interface KpiRowProps {
  kpis: readonly Kpi[];
  loading?: boolean;
  /** The grid column of one card at each screen width. */
  column: ColProps;
  className?: string;
  testId?: string;
}

/** The key-figure cards that open an overview page (UI.md), side by side. */
export function KpiRow({ kpis, loading, column, className, testId }: KpiRowProps) {
  return (
    <Row gutter={[16, 16]} className={className} data-testid={testId}>
      {kpis.map(({ key, ...kpi }) => (
        <Col key={key} {...column}>
          <KpiCard {...kpi} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}

/** A figure out of a total: "12 / 15". */
export function OutOf({ value, total }: { value: number; total: number }) {
  return (
    <>
      {value}
      <Typography.Text type="secondary" className="nl-kpi-total">
        {' '}
        / {total}
      </Typography.Text>
    </>
  );
}

import { Card, Flex, Skeleton, Typography } from 'antd';
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

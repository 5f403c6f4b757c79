import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { ChartBox, type ChartBoxProps } from './ChartBox';

interface ChartCardProps extends ChartBoxProps {
  title: string;
  /** A quiet line at the card's top right (what the figures count). */
  note: ReactNode;
  /** Cards side by side end at the same height. */
  fill?: boolean;
}

/** A titled card holding one chart of a data page. */
export function ChartCard({ title, note, fill = false, ...chart }: ChartCardProps) {
  return (
    <Card
      title={title}
      extra={<Typography.Text type="secondary">{note}</Typography.Text>}
      className={fill ? 'nl-panel-card' : undefined}
    >
      <ChartBox {...chart} />
    </Card>
  );
}

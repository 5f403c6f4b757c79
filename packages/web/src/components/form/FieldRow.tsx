import { Col, Row } from 'antd';
import { Children, type ReactNode } from 'react';

interface FieldRowProps {
  /** Column spans of the 24-column grid, one per child; equal columns by default. */
  spans?: readonly number[];
  /** On narrow screens (below `md`) each field takes the whole row. */
  stackOnSmall?: boolean;
  children: ReactNode;
}

/**
 * Form fields side by side: one column per child, with the form's usual gutter. A child that is
 * null (a field shown only sometimes) keeps its column, so the others do not move.
 */
export function FieldRow({ spans, stackOnSmall = false, children }: FieldRowProps) {
  const count = Children.count(children);
  return (
    <Row gutter={16}>
      {Children.map(children, (child, i) => {
        const span = spans?.[i] ?? 24 / count;
        return stackOnSmall ? (
          <Col xs={24} md={span}>
            {child}
          </Col>
        ) : (
          <Col span={span}>{child}</Col>
        );
      })}
    </Row>
  );
}

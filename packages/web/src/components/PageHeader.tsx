import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  /** One line saying what the page is for. */
  description?: ReactNode;
  /** The page's actions, shown on the right. */
  actions?: ReactNode;
}

/** The page title row every console page opens with (UI.md: title, one line, actions right). */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Flex className="nl-page-header" justify="space-between" align="flex-start" gap={16} wrap>
      <div className="nl-page-header-text">
        <Typography.Title level={3} className="nl-page-title">
          {title}
        </Typography.Title>
        {description ? (
          <Typography.Paragraph type="secondary" className="nl-page-description">
            {description}
          </Typography.Paragraph>
        ) : null}
      </div>
      {actions ? (
        <Flex gap={8} wrap align="center" className="nl-page-actions">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}

export default PageHeader;

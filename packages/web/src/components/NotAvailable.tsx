import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';
import { MENU_PAGES } from '../navigation/paths';
import { PageHeader } from './PageHeader';

interface NotAvailableProps {
  /** The feature's name as the menu shows it, e.g. "Network topology". */
  feature: string;
  /** One honest sentence about what the page will do once it exists. */
  description?: string;
}

/** The honest page for a route whose feature is not built yet: no fake data, no dead controls. */
export function NotAvailable({ feature, description }: NotAvailableProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={feature} description={description} />
      <Card>
        <Result
          icon={<ClockCircleOutlined />}
          title={`${feature} is not available yet`}
          subTitle="This part of the console arrives in a later release. Your projects and account are ready to use today."
          extra={
            <Button type="primary" onClick={() => navigate(MENU_PAGES.projectList)}>
              Go to project list
            </Button>
          }
        />
      </Card>
    </>
  );
}

export default NotAvailable;

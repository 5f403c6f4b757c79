import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Descriptions, Row, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PAGES } from '../../navigation/paths';
import { useAccount, useCurrentProject } from '../../session/session';
import { useVersionInfo } from './api';

const { Paragraph, Text } = Typography;

/**
 * Online service (issue 2 §6): support for a Netloom console is given by whoever operates it, so
 * this page gathers what they need to help — no external chat, no invented contact details.
 */
export default function OnlineServicePage() {
  const navigate = useNavigate();
  const { account } = useAccount();
  const { project } = useCurrentProject();
  const version = useVersionInfo();

  return (
    <>
      <PageHeader
        title="Online service"
        description="Get help from the team that runs this Netloom console."
        actions={
          <Button icon={<QuestionCircleOutlined />} onClick={() => navigate(PAGES.helpCenter)}>
            Help center
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Before you contact support">
            <ol className="nl-help-list">
              <li>
                Look the message up in the <Link to={PAGES.helpCenter}>help center</Link>; most messages say
                what to do.
              </li>
              <li>Note the time, the page you were on and the exact message or code you saw.</li>
              <li>
                Contact your installer or the administrator of this console, and give them the details below.
              </li>
            </ol>
            <Paragraph type="secondary">
              Support staff never need your password. Do not send it to anyone.
            </Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Details to give support">
            <Descriptions
              column={1}
              size="small"
              bordered
              styles={{ label: { width: 150, whiteSpace: 'nowrap' } }}
            >
              <Descriptions.Item label="Cloud code">
                <Text copyable={{ text: account.cloudCode }} code>
                  {account.cloudCode}
                </Text>
              </Descriptions.Item>
              <Descriptions.Item label="Account">
                {account.email ?? `+${account.countryCode} ${account.mobile}`}
              </Descriptions.Item>
              <Descriptions.Item label="Current project">
                {project ? `${project.projectName} (ID ${project.id})` : 'None selected'}
              </Descriptions.Item>
              <Descriptions.Item label="Console version">
                {version.data?.version ?? (version.isError ? 'Unavailable' : '…')}
              </Descriptions.Item>
              <Descriptions.Item label="Browser">{navigator.userAgent}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </>
  );
}

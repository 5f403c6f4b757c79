import './experience.css';
import { SwapOutlined } from '@ant-design/icons';
import { PROJECT_RIGHTS, STATIC_PAGE_QUERY } from '@netloom/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES } from '../../navigation/paths';
import { useAccount } from '../../session/session';
import { fetchProject, useOpenProject } from '../projects';

/**
 * /static/transfer — a project transferred to you (docs/decisions.md): the link the old owner
 * sends after a transfer (`?project=<id>`) lands here. It confirms the project is now yours — its
 * name, devices and your right — and opens it; a project that is not (or no longer) yours says so.
 */
export default function TransferLandingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openProject = useOpenProject();
  const { account } = useAccount();
  const projectId = Number(params.get(STATIC_PAGE_QUERY.project));
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useQuery({
    queryKey: ['static', 'transfer', projectId],
    queryFn: () => fetchProject(projectId),
    enabled: valid,
    retry: false,
  });
  const p = project.data;
  const yours = p?.right === PROJECT_RIGHTS.OWN;

  return (
    <>
      <PageHeader title="Project transfer" description="A project handed over to your account." />
      <Card className="nl-static-card">
        {!valid || project.isError || (p && !yours) ? (
          <Result
            status="warning"
            title="This transfer is not for this account"
            subTitle={`The project is not owned by ${account.nick}. Sign in with the account that received it, or ask the sender to transfer it again.`}
            extra={<Button onClick={() => navigate(MENU_PAGES.projectList)}>Go to my projects</Button>}
          />
        ) : p ? (
          <Result
            status="success"
            icon={<SwapOutlined />}
            title={`“${p.name}” is now yours`}
            subTitle="You own the project: its devices, settings, shares and history came with it."
            extra={[
              <Button key="open" type="primary" onClick={() => openProject(p)}>
                Open project
              </Button>,
              <Button key="list" onClick={() => navigate(MENU_PAGES.projectList)}>
                All projects
              </Button>,
            ]}
          >
            <Descriptions column={1} size="small" bordered styles={{ label: { width: 170 } }}>
              <Descriptions.Item label="Owner">{p.ownerNick}</Descriptions.Item>
              <Descriptions.Item label="Devices">
                {p.onlineCount} online of {p.deviceCount}
              </Descriptions.Item>
              <Descriptions.Item label="Location">{p.location || '—'}</Descriptions.Item>
            </Descriptions>
          </Result>
        ) : (
          <Result icon={<Spin size="large" />} title="Loading the project…" />
        )}
      </Card>
    </>
  );
}

import { DeleteOutlined, ExperimentOutlined, LoginOutlined } from '@ant-design/icons';
import {
  DEFAULT_EXPERIENCE_NAME,
  ERR,
  EXPERIENCE_NAME_MAX_LENGTH,
  type ExperienceView,
  experienceNameSchema,
} from '@netloom/domain';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  Progress,
  Row,
  Tag,
  Typography,
} from 'antd';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../components/format';
import { QueryContent } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { zodRule } from '../../components/zodRule';
import { useCurrentProject } from '../../session/session';
import { fetchProject, useOpenProject } from '../projects';
import { useCreateExperience, useDeleteExperience, useExperience } from './api';
import './experience.css';

const { Paragraph, Text } = Typography;

/**
 * The experience project (issue 15 §5, §2 "demo project"): the user's own project of simulated
 * devices — a small office the server's simulator runs — to try every feature on without hardware.
 */
export default function ExperiencePage() {
  const state = useExperience();
  return (
    <>
      <PageHeader
        title="Experience project"
        description="Your own project of simulated devices: try configuration, maintenance and monitoring with no hardware of your own."
      />
      <QueryContent query={state} title="Your experience project could not be loaded.">
        {state.data ? (
          state.data.experience ? (
            <ExperienceCard experience={state.data.experience} />
          ) : (
            <CreateCard allowed={state.data.allowed} devices={state.data.devicesPerProject} />
          )
        ) : null}
      </QueryContent>
    </>
  );
}

function CreateCard({ allowed, devices }: { allowed: boolean; devices: number }) {
  const create = useCreateExperience();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  async function submit(values: { name: string }) {
    try {
      const made = await create.mutateAsync({ name: values.name });
      message.success(`“${made.projectName}” created: its devices are coming online.`);
    } catch (error) {
      const text = error instanceof Error ? error.message : 'The experience project could not be created.';
      if (error instanceof ApiError && error.code === ERR.INVALID_PARAMETERS) {
        form.setFields([{ name: 'name', errors: [text] }]);
      } else message.error(text);
    }
  }
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title="Create your experience project">
          {allowed ? null : (
            <Alert
              type="warning"
              showIcon
              className="nl-experience-alert"
              message="Not available for accounts in free-registration mode"
              description="Ask the administrator of this console to give your account a member level to try an experience project."
            />
          )}
          <Paragraph>
            The console adds a project with {devices} simulated devices — a gateway, a PoE switch, access
            points and cameras — that connect to the cloud exactly like real ones. Change their settings,
            reboot or upgrade them and watch them report back.
          </Paragraph>
          <Form
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={{ name: DEFAULT_EXPERIENCE_NAME }}
            onFinish={submit}
            disabled={!allowed}
          >
            <Form.Item
              name="name"
              label="Project name"
              extra="Your experience number is added to the name."
              rules={[zodRule(experienceNameSchema)]}
            >
              <Input maxLength={EXPERIENCE_NAME_MAX_LENGTH} showCount style={{ maxWidth: 320 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<ExperimentOutlined />} loading={create.isPending}>
              Create experience project
            </Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Good to know">
          <ul className="nl-experience-list">
            <li>One experience project per account; delete it to start again.</li>
            <li>It counts as one of your projects, and you can share it like your other projects.</li>
            <li>Deleting it disconnects its simulated devices for good.</li>
          </ul>
        </Card>
      </Col>
    </Row>
  );
}

function ExperienceCard({ experience: x }: { experience: ExperienceView }) {
  const remove = useDeleteExperience();
  const openProject = useOpenProject();
  const { project: current, clearProject } = useCurrentProject();
  const { modal, message } = App.useApp();
  const percent = x.devices === 0 ? 0 : Math.round((x.online / x.devices) * 100);
  async function open() {
    try {
      openProject(await fetchProject(x.projectId));
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'The project could not be opened.');
    }
  }
  function confirmDelete() {
    modal.confirm({
      title: `Delete “${x.projectName}”?`,
      content: 'Its simulated devices disconnect and the project, its settings and its history are deleted.',
      okText: 'Delete experience project',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        try {
          await remove.mutateAsync();
          if (current?.id === x.projectId) clearProject();
          message.success('Experience project deleted.');
        } catch (error) {
          message.error(error instanceof Error ? error.message : 'Delete failed.');
        }
      },
    });
  }
  return (
    <Card
      title={
        <span>
          {x.projectName} <Tag color="purple">Experience</Tag>
        </span>
      }
      extra={
        <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
          Delete
        </Button>
      }
    >
      <Row gutter={[24, 16]} align="middle">
        <Col xs={24} md={8} className="nl-experience-progress">
          <Progress
            type="dashboard"
            percent={percent}
            format={() => `${x.online}/${x.devices}`}
            status={percent === 100 ? 'success' : 'active'}
          />
          <Text type="secondary" data-testid="experience-online">
            {x.online === x.devices ? 'All devices online' : `${x.online} of ${x.devices} devices online`}
          </Text>
        </Col>
        <Col xs={24} md={16}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 170 } }}>
            <Descriptions.Item label="Experience number">{x.experienceNum}</Descriptions.Item>
            <Descriptions.Item label="Simulated devices">{x.devices}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatDateTime(Date.parse(x.createdAt))}</Descriptions.Item>
          </Descriptions>
          <Button type="primary" icon={<LoginOutlined />} className="nl-experience-open" onClick={open}>
            Open project
          </Button>
        </Col>
      </Row>
    </Card>
  );
}

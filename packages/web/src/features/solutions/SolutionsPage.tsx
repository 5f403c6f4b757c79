import { CopyOutlined, DeleteOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import type { SolutionSummary } from '@netloom/domain';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { PAGES } from '../../navigation/paths';
import { solutionPath, solutionPdfHref, useCopySolution, useDeleteSolution, useSolutions } from './api';
import './solutions.css';

/** Scheme generation: the account's solutions, newest change first; open, export, copy or delete each. */
export default function SolutionsPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const list = useSolutions();
  const copy = useCopySolution();
  const remove = useDeleteSolution();
  const fail = (e: unknown) => message.error(e instanceof ApiError ? e.message : 'The operation failed.');

  const columns: ColumnsType<SolutionSummary> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, s) => (
        <Space direction="vertical" size={0}>
          <Link to={solutionPath(s.id)}>{name}</Link>
          {s.sharedBy ? <Typography.Text type="secondary">Shared by {s.sharedBy}</Typography.Text> : null}
        </Space>
      ),
    },
    { title: 'Scenario', dataIndex: 'scenarioName', render: (v: string) => <Tag color="blue">{v}</Tag> },
    { title: 'APs', dataIndex: 'apCount', align: 'right' },
    { title: 'Devices', dataIndex: 'deviceCount', align: 'right' },
    { title: 'Updated', dataIndex: 'updatedAt', render: (v: number) => new Date(v).toLocaleString('en-US') },
    {
      title: 'Actions',
      key: 'actions',
      width: 150,
      render: (_: unknown, s) => (
        <Space size={4}>
          <Tooltip title="Download PDF">
            <Button
              type="text"
              icon={<FilePdfOutlined />}
              href={solutionPdfHref(s.id, true)}
              aria-label={`Download ${s.name} as PDF`}
            />
          </Tooltip>
          <Tooltip title="Copy">
            <Button
              type="text"
              icon={<CopyOutlined />}
              aria-label={`Copy ${s.name}`}
              onClick={() =>
                copy.mutate(s.id, {
                  onSuccess: (c) => message.success(`Copied as "${c.name}".`),
                  onError: fail,
                })
              }
            />
          </Tooltip>
          <Popconfirm
            title="Delete this solution?"
            description="It is removed from your list; copies you shared stay with their accounts."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutate(s.id, { onSuccess: () => message.success('Solution deleted.'), onError: fail })
            }
          >
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${s.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="nl-solutions">
      <PageHeader
        title="Scheme generation"
        description="Size a network for a site — gateway, switches, APs and cameras — and export it as a PDF proposal."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(PAGES.newSolution)}>
            New solution
          </Button>
        }
      />
      <Card>
        <Table<SolutionSummary>
          rowKey="id"
          loading={list.isPending}
          columns={columns}
          dataSource={list.data?.items ?? []}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description="No solutions yet — generate your first one."
              >
                <Button type="primary" onClick={() => navigate(PAGES.newSolution)}>
                  New solution
                </Button>
              </Empty>
            ),
          }}
        />
      </Card>
    </div>
  );
}

import { DeleteOutlined, InboxOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  DEVICE_MODELS,
  FIRMWARE_NOTES_MAX_LENGTH,
  FIRMWARE_VERSION_MESSAGE,
  FIRMWARE_VERSION_PATTERN,
  type FirmwareFile,
  firmwareFileIssue,
} from '@netloom/domain';
import {
  App,
  Button,
  Card,
  Drawer,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../components/format';
import { useDeleteFirmware, useFirmwareList, useUploadFirmware } from './api';
import { sizeText } from './words';

interface UploadForm {
  model: string;
  version: string;
  notes?: string;
}

const MODEL_OPTIONS = DEVICE_MODELS.filter((m) =>
  (m.capabilities as readonly string[]).includes('upgrade'),
).map((m) => ({ value: m.model, label: `${m.model}` }));

/**
 * The project's firmware files (issue 13 §1): the catalogue per model (its latest version and
 * release notes drive the "newer firmware available" badges), every file with its SHA-256, and —
 * for the project's owner — upload (.bin under 60 MB, checked here and by the server) and delete.
 */
export function FirmwareFilesDrawer({
  projectId,
  open,
  canManage,
  onClose,
}: {
  projectId: number;
  open: boolean;
  canManage: boolean;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const list = useFirmwareList(projectId);
  const upload = useUploadFirmware(projectId);
  const remove = useDeleteFirmware(projectId);
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileIssue, setFileIssue] = useState<string | null>(null);
  const latestIds = new Set((list.data?.catalogue ?? []).map((c) => c.latest.id));

  async function submit(values: UploadForm) {
    if (!file) {
      setFileIssue('Choose a .bin firmware file.');
      return;
    }
    try {
      const f = await upload.mutateAsync({
        file,
        model: values.model,
        version: values.version.trim(),
        notes: values.notes ?? '',
      });
      message.success(`Firmware ${f.version} for ${f.model} added.`);
      form.resetFields();
      setFile(null);
    } catch (err) {
      if (err instanceof ApiError && err.shownGlobally) return;
      message.error(err instanceof Error ? err.message : 'The upload failed.');
    }
  }

  const columns: ColumnsType<FirmwareFile> = [
    { key: 'model', title: 'Model', width: 120, render: (_, f) => f.model },
    {
      key: 'version',
      title: 'Version',
      width: 140,
      render: (_, f) => (
        <span>
          {f.version} {latestIds.has(f.id) ? <Tag color="processing">Latest</Tag> : null}
        </span>
      ),
    },
    {
      key: 'file',
      title: 'File',
      render: (_, f) => (
        <div>
          <Typography.Text ellipsis={{ tooltip: f.fileName }}>{f.fileName}</Typography.Text>
          <div>
            <Tooltip title={`SHA-256 ${f.sha256}`}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <SafetyCertificateOutlined /> {sizeText(f.size)} · {f.sha256.slice(0, 12)}…
              </Typography.Text>
            </Tooltip>
          </div>
        </div>
      ),
    },
    {
      key: 'notes',
      title: 'Release notes',
      render: (_, f) =>
        f.notes ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: f.notes }} style={{ marginBottom: 0 }}>
            {f.notes}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'uploaded',
      title: 'Uploaded',
      width: 150,
      render: (_, f) => (
        <div>
          {formatDateTime(f.uploadedAt)}
          {f.uploadedBy ? (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                by {f.uploadedBy}
              </Typography.Text>
            </div>
          ) : null}
        </div>
      ),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: '',
            width: 56,
            render: (_: unknown, f: FirmwareFile) => (
              <Popconfirm
                title={`Delete firmware ${f.version}?`}
                description="Devices still downloading it will fail to download."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync(f.id).then(() => message.success('Firmware deleted.'))}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete firmware ${f.version}`}
                />
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Firmware files"
      width={880}
      destroyOnHidden
      data-testid="firmware-drawer"
    >
      {canManage ? (
        <Card size="small" title="Add firmware" style={{ marginBottom: 16 }}>
          <Form<UploadForm>
            form={form}
            layout="vertical"
            onFinish={(v) => void submit(v)}
            requiredMark="optional"
          >
            <Form.Item
              required
              label="Firmware file (.bin, under 60 MB)"
              validateStatus={fileIssue ? 'error' : ''}
              help={fileIssue}
            >
              <Upload.Dragger
                accept=".bin"
                maxCount={1}
                showUploadList={file ? { showRemoveIcon: true } : false}
                fileList={file ? [{ uid: 'fw', name: file.name, status: 'done', size: file.size }] : []}
                onRemove={() => {
                  setFile(null);
                  return true;
                }}
                beforeUpload={(f) => {
                  const issue = firmwareFileIssue({ name: f.name, size: f.size });
                  setFileIssue(issue);
                  setFile(issue ? null : f);
                  return false;
                }}
                data-testid="firmware-file"
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">Click or drag a firmware file here</p>
                <p className="ant-upload-hint">
                  Its SHA-256 is computed on upload; devices verify it before installing.
                </p>
              </Upload.Dragger>
            </Form.Item>
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
              <Form.Item
                name="model"
                label="Model"
                rules={[{ required: true, message: 'Choose the model this firmware is for.' }]}
              >
                <Select
                  showSearch
                  options={MODEL_OPTIONS}
                  placeholder="NL-A1200C"
                  data-testid="firmware-model"
                />
              </Form.Item>
              <Form.Item
                name="version"
                label="Version"
                rules={[
                  { required: true, message: FIRMWARE_VERSION_MESSAGE },
                  { pattern: FIRMWARE_VERSION_PATTERN, message: FIRMWARE_VERSION_MESSAGE },
                ]}
              >
                <Input placeholder="V1.2.0" data-testid="firmware-version" />
              </Form.Item>
            </div>
            <Form.Item name="notes" label="Release notes">
              <Input.TextArea
                rows={2}
                maxLength={FIRMWARE_NOTES_MAX_LENGTH}
                showCount
                data-testid="firmware-notes"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={upload.isPending} data-testid="firmware-upload">
              Upload
            </Button>
          </Form>
        </Card>
      ) : (
        <Typography.Paragraph type="secondary">
          Only the project's owner adds or deletes firmware files. Anyone who may change the project can
          upgrade devices with them.
        </Typography.Paragraph>
      )}
      <Table<FirmwareFile>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data?.files}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No firmware files yet." />,
        }}
        onRow={(f) => ({ 'data-version': f.version }) as React.HTMLAttributes<HTMLElement>}
        data-testid="firmware-table"
      />
    </Drawer>
  );
}

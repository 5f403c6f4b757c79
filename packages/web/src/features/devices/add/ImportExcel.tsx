import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  DEVICE_IMPORT_COLUMNS,
  DEVICE_IMPORT_MAX_BYTES,
  type DeviceImportResult,
  excelFileIssue,
  IMPORT_MAX_DEVICES,
  type ImportRowResult,
} from '@netloom/domain';
import { Alert, Button, Flex, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { DEVICE_IMPORT_TEMPLATE_URL, useImportDevices } from '../api';

/** "Import from Excel": template download, one .xls/.xlsx upload, then the per-row outcome. */
export function ImportExcel({ projectId }: { projectId: number }) {
  const importer = useImportDevices(projectId);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<DeviceImportResult | null>(null);

  async function upload(file: File) {
    setError(null);
    setResult(null);
    const issue =
      excelFileIssue({ name: file.name, size: file.size }) ??
      (file.size > DEVICE_IMPORT_MAX_BYTES
        ? 'The file is too large for a device import (at most 5 MB).'
        : null);
    if (issue) {
      setError(issue);
      return;
    }
    try {
      setResult(await importer.mutateAsync(file));
    } catch (e) {
      const issueText = e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'The import failed.';
      setError(issueText);
    }
  }

  return (
    <div className="nl-import">
      <Typography.Paragraph type="secondary">
        Fill in the template — columns {DEVICE_IMPORT_COLUMNS.join(', ')}, at most {IMPORT_MAX_DEVICES}{' '}
        devices — and upload it. Each row is added on its own; rows that cannot be added are listed with the
        reason.
      </Typography.Paragraph>
      <Button
        icon={<DownloadOutlined />}
        href={DEVICE_IMPORT_TEMPLATE_URL}
        download
        data-testid="import-template"
      >
        Download template
      </Button>
      <div data-testid="import-file">
        <Upload.Dragger
          className="nl-import-drop"
          accept=".xlsx,.xls"
          multiple={false}
          showUploadList={false}
          disabled={importer.isPending}
          beforeUpload={(file) => {
            void upload(file);
            return false; // we upload ourselves, through the API client
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">
            {importer.isPending ? 'Importing…' : 'Click or drop the Excel file here'}
          </p>
          <p className="ant-upload-hint" data-testid="import-hint">
            .xls or .xlsx made from the template, up to 5 MB
          </p>
        </Upload.Dragger>
      </div>
      {error ? <Alert type="error" showIcon title={error} data-testid="import-error" /> : null}
      {result ? <ImportResult result={result} /> : null}
    </div>
  );
}

function ImportResult({ result }: { result: DeviceImportResult }) {
  const type = result.failed === 0 ? 'success' : result.added === 0 ? 'error' : 'warning';
  return (
    <div data-testid="import-result">
      <Alert
        type={type}
        showIcon
        title={`${result.added} of ${result.total} devices added${result.failed ? `, ${result.failed} refused` : ''}.`}
      />
      <Table<ImportRowResult>
        size="small"
        rowKey="row"
        className="nl-import-table"
        dataSource={result.rows}
        pagination={result.rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
        onRow={(r) => ({ 'data-row': r.row, 'data-outcome': r.outcome }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'row', title: 'Row', dataIndex: 'row', width: 56 },
          {
            key: 'sn',
            title: 'SN',
            width: 170,
            render: (_, r) => <span className="nl-mono">{r.sn}</span>,
          },
          { key: 'name', title: 'Name', dataIndex: 'name', width: 110, ellipsis: true },
          {
            key: 'outcome',
            title: 'Result',
            render: (_, r) =>
              r.outcome === 'added' ? (
                <Tag color="success">Added</Tag>
              ) : (
                <Flex vertical gap={2} align="flex-start">
                  <Tag color="error">Refused</Tag>
                  <Typography.Text type="secondary" className="nl-import-reason">
                    {r.message}
                  </Typography.Text>
                </Flex>
              ),
          },
        ]}
      />
    </div>
  );
}

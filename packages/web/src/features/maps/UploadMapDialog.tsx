import { InboxOutlined } from '@ant-design/icons';
import {
  MAP_PROPORTION,
  MAP_RECOMMENDED_HEIGHT,
  MAP_RECOMMENDED_WIDTH,
  type MapPdfMode,
  mapImageWarning,
  mapNameSchema,
} from '@netloom/domain';
import { Alert, App, Form, Input, Modal, Radio, Typography, Upload } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { type MapUpload, useUploadMap } from './api';
import { isPdfName, MAP_UPLOAD_ACCEPT, mapPdfPagesIssue, mapUploadFileIssue } from './uploadRules';

interface Picked {
  file: File;
  pdf?: PDFDocumentProxy;
  /** Size of a JPG/PNG, for the recommendation hint. */
  size?: { width: number; height: number };
}

async function imageSize(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined; // the server says what is wrong with it (463)
  }
}

/** "Upload map": a JPG/PNG, or a PDF rendered here into page images (one map per page, or merged). */
export function UploadMapDialog(props: {
  projectId: number;
  open: boolean;
  onClose: () => void;
  onUploaded: (firstMapId: number | null) => void;
}) {
  const { message } = App.useApp();
  const upload = useUploadMap(props.projectId);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [issue, setIssue] = useState<string | null>(null);
  const [mode, setMode] = useState<MapPdfMode>('split');
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ name?: string }>();

  const reset = () => {
    setPicked(null);
    setIssue(null);
    setMode('split');
    form.resetFields();
  };

  const pick = async (file: File) => {
    setPicked(null);
    const problem = mapUploadFileIssue(file);
    setIssue(problem);
    if (problem) return;
    if (!isPdfName(file.name)) {
      setPicked({ file, size: await imageSize(file) });
      return;
    }
    setBusy(true);
    try {
      const { openPdf } = await import('./pdfPages');
      const pdf = await openPdf(file);
      const pagesProblem = mapPdfPagesIssue(pdf.numPages);
      setIssue(pagesProblem);
      if (!pagesProblem) setPicked({ file, pdf });
    } catch {
      setIssue(mapUploadFileIssue({ name: file.name, size: 0 }));
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    if (!picked) {
      setIssue('Choose a floor plan to upload.');
      return;
    }
    const { name } = await form.validateFields();
    setBusy(true);
    try {
      const body: MapUpload = { file: picked.file, ...(name ? { name } : {}) };
      if (picked.pdf) {
        const { renderPdfPages } = await import('./pdfPages');
        const merge = picked.pdf.numPages > 1 && mode === 'merge';
        body.pdf = { mode: merge ? 'merge' : 'split', pages: await renderPdfPages(picked.pdf, merge) };
      }
      const result = await upload.mutateAsync(body);
      message.success(result.maps.length === 1 ? 'Map uploaded.' : `${result.maps.length} maps uploaded.`);
      props.onUploaded(result.maps[0]?.id ?? null);
      reset();
    } catch (err) {
      if (err instanceof ApiError) setIssue(err.message);
      else setIssue(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const pages = picked?.pdf?.numPages ?? 0;
  const warning = picked?.size ? mapImageWarning(picked.size) : null;
  return (
    <Modal
      title="Upload map"
      open={props.open}
      okText="Upload"
      onOk={submit}
      confirmLoading={busy}
      onCancel={() => {
        reset();
        props.onClose();
      }}
      destroyOnHidden
    >
      <Upload.Dragger
        accept={MAP_UPLOAD_ACCEPT}
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          void pick(file);
          return false;
        }}
        data-testid="map-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{picked ? picked.file.name : 'Click or drag a floor plan here'}</p>
        <p className="ant-upload-hint">
          JPG, PNG or PDF (up to 15 pages), at most 5 MB. Recommended {MAP_RECOMMENDED_WIDTH}×
          {MAP_RECOMMENDED_HEIGHT} pixels, {MAP_PROPORTION.join(':')}.
        </p>
      </Upload.Dragger>
      {issue ? <Alert className="nl-map-upload-alert" type="error" showIcon title={issue} /> : null}
      {warning ? <Alert className="nl-map-upload-alert" type="warning" showIcon title={warning} /> : null}
      {pages > 1 ? (
        <div className="nl-map-upload-mode">
          <Typography.Text strong>This PDF has {pages} pages</Typography.Text>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as MapPdfMode)}>
            <Radio value="split">One map per page ({pages} maps)</Radio>
            <Radio value="merge">One map of all pages, top to bottom</Radio>
          </Radio.Group>
        </div>
      ) : null}
      <Form form={form} layout="vertical" className="nl-map-upload-form">
        <Form.Item
          name="name"
          label="Map name"
          extra="Optional: the file's name by default."
          rules={[
            {
              // Optional: only a name typed in is checked, by the domain's name rule.
              validator: async (_rule, value?: string) => {
                if (!value) return;
                const result = mapNameSchema.safeParse(value);
                if (!result.success) throw new Error(result.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Input placeholder="e.g. Ground floor" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

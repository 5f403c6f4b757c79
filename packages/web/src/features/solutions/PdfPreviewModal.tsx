import { DownloadOutlined } from '@ant-design/icons';
import type { Solution } from '@netloom/domain';
import { Button, Modal } from 'antd';
import { solutionPdfHref } from './api';

/** The PDF as the server renders it, in the browser's viewer; downloadable from the footer. */
export function PdfPreviewModal({ solution, onClose }: { solution: Solution; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Preview · ${solution.name}`}
      width={920}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="download"
          type="primary"
          icon={<DownloadOutlined />}
          href={solutionPdfHref(solution.id, true)}
        >
          Download PDF
        </Button>,
      ]}
    >
      <iframe
        className="nl-pdf-frame"
        title="Solution PDF preview"
        src={`${solutionPdfHref(solution.id, false)}&v=${solution.version}`}
      />
    </Modal>
  );
}

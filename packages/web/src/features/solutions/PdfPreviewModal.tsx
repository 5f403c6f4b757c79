import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import type { Solution } from '@netloom/domain';
import { Button, Modal } from 'antd';
import { solutionPdfHref } from './api';
import { SolutionPreview } from './SolutionPreview';

/** The saved solution laid out as its PDF; open the PDF itself or download it from the footer. */
export function PdfPreviewModal({ solution, onClose }: { solution: Solution; onClose: () => void }) {
  return (
    <Modal
      open
      title={`Preview · ${solution.name}`}
      width={880}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="open"
          icon={<ExportOutlined />}
          href={`${solutionPdfHref(solution.id, false)}&v=${solution.version}`}
          target="_blank"
        >
          Open PDF
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
      <SolutionPreview solution={solution} />
    </Modal>
  );
}

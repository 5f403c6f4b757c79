import { BACKUP_REMARK_MAX_LENGTH, type BackupView } from '@netloom/domain';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';

interface RemarkModalProps {
  backup: BackupView | null;
  busy: boolean;
  onCancel(): void;
  onSave(remark: string): void;
}

/** A backup's remark: what it was taken for ("before the VLAN change"). */
export function RemarkModal({ backup, busy, onCancel, onSave }: RemarkModalProps) {
  const [remark, setRemark] = useState('');
  useEffect(() => setRemark(backup?.remark ?? ''), [backup]);
  return (
    <Modal
      open={backup !== null}
      title="Edit remark"
      okText="Save"
      okButtonProps={{ loading: busy }}
      onCancel={onCancel}
      onOk={() => onSave(remark.trim())}
    >
      <Form layout="vertical">
        <Form.Item label="Remark" extra={`Up to ${BACKUP_REMARK_MAX_LENGTH} characters.`}>
          <Input
            aria-label="Remark"
            value={remark}
            maxLength={BACKUP_REMARK_MAX_LENGTH}
            showCount
            onChange={(e) => setRemark(e.target.value)}
            onPressEnter={() => onSave(remark.trim())}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

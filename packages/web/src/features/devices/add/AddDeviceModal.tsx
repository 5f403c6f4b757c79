import { canConfigure } from '@netloom/domain';
import { Alert, Modal, Tabs } from 'antd';
import { useCurrentProject } from '../../../session/session';
import { BySerialForm } from './BySerialForm';
import { ImportExcel } from './ImportExcel';
import '../devices.css';

/**
 * "Add device" (header and device page): by serial number or from the Excel template, into the
 * current project. Needs the manage right; read-only or no project says why instead of a form.
 */
export function AddDeviceModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const { project } = useCurrentProject();
  const reason = !project
    ? 'Choose a project in the switcher at the top first: devices are added to the current project.'
    : !canConfigure(project.right)
      ? `You can only view “${project.projectName}”. Ask its owner for the manage right to add devices.`
      : null;

  return (
    <Modal
      open={open}
      title={project ? `Add device to “${project.projectName}”` : 'Add device'}
      onCancel={onClose}
      footer={null}
      width={620}
      destroyOnHidden
      data-testid="add-device-modal"
    >
      {reason || !project ? (
        <Alert type="info" showIcon title={reason} />
      ) : (
        <Tabs
          items={[
            {
              key: 'sn',
              label: 'By serial number',
              children: <BySerialForm projectId={project.id} />,
            },
            { key: 'import', label: 'Import from Excel', children: <ImportExcel projectId={project.id} /> },
          ]}
        />
      )}
    </Modal>
  );
}

export default AddDeviceModal;

/** The project list's "Join with code" button: a dialog with the invitation code field. */
import { KeyOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { JoinProjectForm } from './JoinProjectForm';

export function JoinProjectButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<KeyOutlined />} onClick={() => setOpen(true)}>
        Join with code
      </Button>
      <Modal open={open} title="Join a project" footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <JoinProjectForm onJoined={() => setOpen(false)} />
      </Modal>
    </>
  );
}

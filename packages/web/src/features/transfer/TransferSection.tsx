import { SwapOutlined } from '@ant-design/icons';
import type { Project } from '@netloom/domain';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { TransferModal } from './TransferModal';
import './transfer.css';

interface TransferSectionProps {
  project: Project;
  /** After a transfer (the drawer closes: the project is no longer the caller's to edit). */
  onTransferred(): void;
}

/**
 * The project drawer's "Transfer project" row (owner only; §6 "Owner may transfer ownership").
 * Other members see nothing: only the owner may give the project away.
 */
export function TransferSection({ project, onTransferred }: TransferSectionProps) {
  const [open, setOpen] = useState(false);
  if (project.right !== 'own') return null;
  return (
    <section className="nl-transfer-section" aria-labelledby="project-transfer-title">
      <Flex justify="space-between" align="center" gap={16}>
        <div>
          <Typography.Text strong id="project-transfer-title">
            <SwapOutlined aria-hidden /> Transfer ownership
          </Typography.Text>
          <br />
          <Typography.Text type="secondary">
            Give this project and its devices to another account. You lose full control.
          </Typography.Text>
        </div>
        <Button danger onClick={() => setOpen(true)}>
          Transfer project
        </Button>
      </Flex>
      <TransferModal
        project={project}
        open={open}
        onClose={() => setOpen(false)}
        onTransferred={() => {
          setOpen(false);
          onTransferred();
        }}
      />
    </section>
  );
}

import { API_DOCS_PATH, type ApiKeyCreated, projectEndpoints } from '@netloom/domain';
import { Alert, Button, Modal, Typography } from 'antd';

/** The new key, shown this once: it is stored only as a hash, so it can never be shown again. */
export function KeyCreatedModal({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) {
  const example = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}${projectEndpoints.list.path}`;
  return (
    <Modal
      open
      title={`API key "${created.key.name}" created`}
      onCancel={onClose}
      maskClosable={false}
      width={600}
      footer={
        <Button type="primary" onClick={onClose}>
          I have copied the key
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        title="Copy the key now. For your security it is not shown again."
        style={{ marginBottom: 16 }}
      />
      <Typography.Text type="secondary">Your API key</Typography.Text>
      <Typography.Paragraph
        className="nl-key-secret"
        copyable={{ text: created.secret, tooltips: ['Copy key', 'Copied'] }}
        data-testid="api-key-secret"
      >
        <code>{created.secret}</code>
      </Typography.Paragraph>
      <Typography.Text type="secondary">Try it</Typography.Text>
      <Typography.Paragraph
        className="nl-key-example"
        copyable={{ text: example, tooltips: ['Copy', 'Copied'] }}
      >
        <code>{example}</code>
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        Send it as <code>Authorization: Bearer …</code> with every request; the API reference is at{' '}
        <a href={API_DOCS_PATH} target="_blank" rel="noreferrer">
          {API_DOCS_PATH}
        </a>
        .
      </Typography.Text>
    </Modal>
  );
}

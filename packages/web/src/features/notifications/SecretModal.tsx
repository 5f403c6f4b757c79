import {
  NOTIFY_WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@netloom/domain';
import { Alert, Button, Modal, Typography } from 'antd';

/**
 * The webhook's signing secret, shown once after it is added (like Stripe or GitHub): the receiver
 * needs it to verify each request, and the console never shows it again.
 */
export function SecretModal({ secret, onClose }: { secret: string; onClose(): void }) {
  return (
    <Modal
      open
      title="Webhook added — copy its signing secret"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          I have copied it
        </Button>
      }
      width={600}
    >
      <Alert
        type="warning"
        showIcon
        title="This secret is shown only now. Store it in the receiver’s configuration."
        style={{ marginBottom: 16 }}
      />
      <Typography.Paragraph>
        <Typography.Text code copyable data-testid="webhook-secret" className="nl-notify-secret">
          {secret}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        Every request carries <Typography.Text code>{WEBHOOK_TIMESTAMP_HEADER}</Typography.Text> (Unix
        seconds) and <Typography.Text code>{WEBHOOK_SIGNATURE_HEADER}</Typography.Text>:{' '}
        <Typography.Text code>sha256=</Typography.Text> followed by the hex HMAC-SHA256, with this secret, of
        the timestamp, a dot and the raw body. Compare it in constant time and refuse a timestamp more than{' '}
        {NOTIFY_WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock.
      </Typography.Paragraph>
    </Modal>
  );
}

import {
  type BridgeConfigView,
  type BridgeSettings,
  type CpeNetwork,
  WIFI_PASSWORD_HEX_LENGTH,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '@netloom/domain';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { SignalBars } from '../../components/SignalBars';
import { isOpenNetwork, networkSecurityText } from './cpeModel';
import type { useBridgeEditor } from './useBridgeEditor';

interface UplinkModalProps {
  network: CpeNetwork;
  view: BridgeConfigView;
  editor: ReturnType<typeof useBridgeEditor>;
  onClose(): void;
  /** The server refused the uplink (e.g. 418: not in the latest search). */
  onRefused(code: number | null, message: string): void;
}

/** Confirms the picked uplink network, asks its password when it is secured, and saves it. */
export function UplinkModal({ network, view, editor, onClose, onRefused }: UplinkModalProps) {
  const [form] = Form.useForm<{ password: string }>();
  const [saving, setSaving] = useState(false);
  const open = isOpenNetwork(network.security);
  const candidate = (password: string): BridgeSettings => ({
    ...view.settings,
    uplink: { ssid: network.ssid, bssid: network.bssid, channel: network.channel, password },
  });

  // The document is saved whole: the rest of it must be valid too (a CPE refuses a bridge
  // document without its management Wi-Fi), so those issues are named here before anything is sent.
  const otherIssues = editor
    .issuesOf(candidate(open ? '' : 'placeholder-pass'))
    .filter((i) => !i.path.startsWith('uplink'));

  async function handleOk() {
    if (otherIssues.length > 0) return;
    let password = '';
    if (!open) {
      try {
        password = (await form.validateFields()).password ?? '';
      } catch {
        return;
      }
    }
    setSaving(true);
    const outcome = await editor.save(candidate(password));
    setSaving(false);
    if (outcome.ok) onClose();
    else if (outcome.kind === 'issues') {
      const field = outcome.issues.find((i) => i.path === 'uplink.password');
      if (field) form.setFields([{ name: 'password', errors: [field.message] }]);
      else onRefused(outcome.issues[0]?.code ?? null, outcome.issues.map((i) => i.message).join(' '));
    } else if (outcome.kind === 'error')
      onRefused(outcome.code, outcome.message ?? 'The uplink was not saved.');
  }

  return (
    <Modal
      open
      title={`Bridge to “${network.ssid}”?`}
      okText="Use this network"
      onOk={handleOk}
      confirmLoading={saving}
      okButtonProps={{ disabled: otherIssues.length > 0 }}
      onCancel={onClose}
      maskClosable={false}
      data-testid="cpe-uplink-modal"
    >
      {otherIssues.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          className="nl-cpe-alert"
          title="Complete the bridge settings first"
          description={
            <ul className="nl-cpe-issue-list">
              {otherIssues.map((i) => (
                <li key={`${i.path}:${i.message}`}>{i.message}</li>
              ))}
            </ul>
          }
          data-testid="cpe-uplink-blocked"
        />
      ) : null}
      <Descriptions size="small" column={1} bordered className="nl-cpe-desc">
        <Descriptions.Item label="BSSID">
          <span className="nl-mono">{network.bssid}</span>
        </Descriptions.Item>
        <Descriptions.Item label="Channel">
          {network.channel} · {network.band.replace('G', ' GHz')}
        </Descriptions.Item>
        <Descriptions.Item label="Signal">
          <SignalBars rssi={network.rssi} />
        </Descriptions.Item>
        <Descriptions.Item label="Security">{networkSecurityText(network.security)}</Descriptions.Item>
      </Descriptions>
      {open ? (
        <p className="nl-cpe-modal-note">This network is open: no password is needed.</p>
      ) : (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          className="nl-cpe-modal-note"
          onFinish={handleOk}
        >
          <Form.Item
            name="password"
            label="Uplink Wi-Fi password"
            extra={`${WIFI_PASSWORD_MIN_LENGTH}–${WIFI_PASSWORD_MAX_LENGTH} characters, or ${WIFI_PASSWORD_HEX_LENGTH} hex digits`}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  const issue = editor
                    .issuesOf(candidate(value ?? ''))
                    .find((i) => i.path === 'uplink.password');
                  if (!value) throw new Error('Enter the password of the uplink network.');
                  if (issue) throw new Error(issue.message);
                },
              },
            ]}
          >
            <Input.Password maxLength={WIFI_PASSWORD_HEX_LENGTH} autoComplete="new-password" autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

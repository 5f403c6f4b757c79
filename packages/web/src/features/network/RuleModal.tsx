import type { CodedIssue, NetworkSettings } from '@netloom/domain';
import { Alert, Button, Form, type FormInstance, Modal, Popconfirm } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import type { ItemValidation } from './itemValidation';
import type { NetworkEditor } from './useNetworkEditor';

export const RECONNECT_WARNING = 'The gateway applies the change and devices may reconnect.';

interface RuleModalProps<V> {
  title: string;
  form: FormInstance<V>;
  initialValues: V;
  editor: NetworkEditor;
  validation: ItemValidation;
  okText: string;
  /** Pages that change network or DHCP settings warn before saving (§4: devices reconnect). */
  warnReconnect?: boolean;
  onClose(): void;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/**
 * The add/edit dialog of a network rule: the form, inline domain issues, issues the change causes
 * elsewhere above the form, the reconnect warning, and the save of the whole document (the dialog
 * stays open with the draft on a conflict or a refusal). Rendered only while open.
 */
export function RuleModal<V>({
  title,
  form,
  initialValues,
  editor,
  validation,
  okText,
  warnReconnect = false,
  onClose,
  width = 560,
  testId,
  children,
}: RuleModalProps<V>) {
  const [general, setGeneral] = useState<CodedIssue[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const pending = useRef<{ candidate: NetworkSettings; baseVersion: number } | null>(null);
  // The candidate is built on the settings of the latest render; a save must name that version, not
  // the one shown when the user confirms (a live refresh in between would be overwritten silently).
  const latest = useRef(editor);
  latest.current = editor;

  async function save(candidate: NetworkSettings, baseVersion: number) {
    setConfirming(false);
    setSaving(true);
    const outcome = await editor.save(candidate, { onReload: onClose, baseVersion });
    setSaving(false);
    if (outcome.ok) onClose();
    else if (outcome.kind === 'issues') setGeneral(validation.applyServer(outcome.issues));
  }

  async function handleSave() {
    const checked = await validation.check();
    const baseVersion = latest.current.view.version;
    setGeneral(checked.general);
    if (!checked.ok) return;
    if (warnReconnect) {
      pending.current = { candidate: checked.candidate, baseVersion };
      setConfirming(true);
    } else await save(checked.candidate, baseVersion);
  }

  const saveButton = (
    <Button
      type="primary"
      loading={saving}
      disabled={!editor.canEdit}
      onClick={handleSave}
      data-testid="rule-save"
    >
      {okText}
    </Button>
  );

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={width}
      maskClosable={false}
      data-testid={testId}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        warnReconnect ? (
          <Popconfirm
            key="save"
            open={confirming}
            onOpenChange={(open) => {
              if (!open) setConfirming(false);
            }}
            title="Save and apply?"
            description={RECONNECT_WARNING}
            okText="Save and apply"
            cancelText="Not now"
            onConfirm={() =>
              pending.current ? save(pending.current.candidate, pending.current.baseVersion) : undefined
            }
          >
            {saveButton}
          </Popconfirm>
        ) : (
          <span key="save">{saveButton}</span>
        ),
      ]}
    >
      {general.length > 0 ? (
        <Alert
          className="nl-net-general-issues"
          type="error"
          showIcon
          title={general.length === 1 ? general[0]?.message : 'This change breaks these rules:'}
          description={
            general.length > 1 ? (
              <ul>
                {general.map((i) => (
                  <li key={`${i.path}:${i.message}`}>{i.message}</li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="rule-general-issues"
        />
      ) : null}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues as never}
        requiredMark={false}
        disabled={!editor.canEdit}
        onValuesChange={() => validation.revalidateTouched()}
        onFinish={handleSave}
      >
        {children}
        {/* Enter in a field saves, like the button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

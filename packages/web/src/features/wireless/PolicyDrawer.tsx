import type { CodedIssue } from '@netloom/domain';
import { Alert, Button, Drawer, Flex, Form } from 'antd';
import { useState } from 'react';
import { PolicyFields } from './PolicyFields';
import { newPolicyKey, newPolicyValues, type PolicyFormValues, policyToValues } from './policyForm';
import { usePolicyValidation } from './usePolicyValidation';
import type { WirelessEditor } from './useWirelessEditor';

interface PolicyDrawerProps {
  editor: WirelessEditor;
  /** The policy edited, or null for a new one. */
  index: number | null;
  onClose(): void;
}

/**
 * Create or edit one Wi-Fi policy: every field of `WirelessPolicy`, the domain's rules inline before
 * submit, issues the change causes elsewhere (limits, duplicate SSIDs) above the form, and the
 * save of the whole `wireless` document (the drawer keeps the draft on a conflict or a refusal).
 */
export function PolicyDrawer({ editor, index, onClose }: PolicyDrawerProps) {
  const [form] = Form.useForm<PolicyFormValues>();
  const current = index === null ? undefined : editor.settings.policies[index];
  const [policyKey] = useState(() => current?.key ?? newPolicyKey(editor.settings));
  const [initialValues] = useState(() => (current ? policyToValues(current) : newPolicyValues()));
  const validation = usePolicyValidation(editor, form, index, policyKey);
  const [general, setGeneral] = useState<CodedIssue[]>([]);
  const [saving, setSaving] = useState(false);

  async function handleSave() {
    const checked = await validation.check();
    setGeneral(checked.general);
    if (!checked.ok) return;
    setSaving(true);
    const outcome = await editor.save(checked.candidate, { onReload: onClose });
    setSaving(false);
    if (outcome.ok) onClose();
    else if (outcome.kind === 'issues') setGeneral(validation.applyServer(outcome.issues));
    else if (outcome.kind === 'error' && outcome.code !== null && outcome.message)
      setGeneral([{ path: '', code: outcome.code, message: outcome.message }]);
  }

  return (
    <Drawer
      open
      size={720}
      title={current ? `Edit Wi-Fi policy “${current.name}”` : 'Add Wi-Fi policy'}
      onClose={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="policy-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={saving}
            disabled={!editor.canEdit}
            onClick={handleSave}
            data-testid="policy-save"
          >
            {current ? 'Save' : 'Add policy'}
          </Button>
        </Flex>
      }
    >
      {general.length > 0 ? (
        <Alert
          className="nl-wifi-general-issues"
          type="error"
          showIcon
          title={general.length === 1 ? general[0]?.message : 'This change breaks these rules:'}
          description={
            general.length > 1 ? (
              <ul className="nl-wifi-issue-list">
                {general.map((i) => (
                  <li key={`${i.path}:${i.message}`}>{i.message}</li>
                ))}
              </ul>
            ) : undefined
          }
          data-testid="policy-general-issues"
        />
      ) : null}
      <Form<PolicyFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        requiredMark={false}
        disabled={!editor.canEdit}
        onValuesChange={() => validation.revalidateTouched()}
        onFinish={handleSave}
        className="nl-wifi-form"
      >
        <PolicyFields editor={editor} form={form} validation={validation} />
        {/* Enter in a field saves, like the button. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Drawer>
  );
}

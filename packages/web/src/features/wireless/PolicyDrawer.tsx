import { Button, Drawer, Flex, Form } from 'antd';
import { useState } from 'react';
import { GeneralIssues, ItemForm, useItemSave } from '../../components/form';
import { PolicyFields } from './PolicyFields';
import { newPolicyKey, newPolicyValues, type PolicyFormValues, policyToValues } from './policyForm';
import { usePolicyValidation } from './usePolicyValidation';
import { useSaveConfirmation } from './useSaveConfirmation';
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
  const { general, saving, check, submit } = useItemSave(validation, { onClose, refusalsAbove: true });
  const confirmSave = useSaveConfirmation(editor);

  async function handleSave() {
    const candidate = await check();
    if (candidate === null || !(await confirmSave(candidate))) return;
    await submit(() => editor.save(candidate, { onReload: onClose }));
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
      <GeneralIssues issues={general} listClassName="nl-issue-list" testId="policy-general-issues" />
      <ItemForm
        form={form}
        initialValues={initialValues}
        disabled={!editor.canEdit}
        validation={validation}
        onSave={handleSave}
        className="nl-wifi-form"
      >
        <PolicyFields editor={editor} form={form} validation={validation} />
      </ItemForm>
    </Drawer>
  );
}

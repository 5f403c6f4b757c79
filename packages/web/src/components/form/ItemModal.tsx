import { Button, type FormInstance, Modal, Popconfirm } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { GeneralIssues } from './GeneralIssues';
import { ItemForm } from './ItemForm';
import { type ItemSaveOutcome, useItemSave } from './useItemSave';
import type { ItemValidation } from './useItemValidation';

/** A question before saving (e.g. a change that makes devices reconnect). */
export interface SaveConfirmation {
  title: string;
  description: string;
  okText: string;
}

interface ItemModalProps<V, D> {
  title: string;
  okText: string;
  form: FormInstance<V>;
  initialValues: V;
  validation: ItemValidation<D>;
  /** The account may change the settings (otherwise the form is read-only). */
  canEdit: boolean;
  /** The version of the document the form shows: a save is based on the version seen at "Save". */
  version: number;
  /** Saves a checked candidate document based on `version`. */
  save(candidate: D, version: number): Promise<ItemSaveOutcome>;
  confirm?: SaveConfirmation;
  onClose(): void;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/**
 * The add/edit dialog of one item of a settings document: the form, inline domain issues, issues
 * the change causes elsewhere above the form, an optional question before saving, and the save of
 * the whole document (the dialog stays open with the draft on a conflict or a refusal). Rendered
 * only while open.
 */
export function ItemModal<V, D>({
  title,
  okText,
  form,
  initialValues,
  validation,
  canEdit,
  version,
  save,
  confirm,
  onClose,
  width = 560,
  testId,
  children,
}: ItemModalProps<V, D>) {
  const { general, saving, check, submit } = useItemSave(validation, { onClose });
  const [confirming, setConfirming] = useState(false);
  const pending = useRef<{ candidate: D; version: number } | null>(null);
  // The candidate is built on the settings of the latest render; a save must name that version, not
  // the one shown when the user confirms (a live refresh in between would be overwritten silently).
  const latestVersion = useRef(version);
  latestVersion.current = version;

  async function saveChecked(candidate: D, basedOn: number) {
    setConfirming(false);
    await submit(() => save(candidate, basedOn));
  }

  async function handleSave() {
    const candidate = await check();
    const basedOn = latestVersion.current;
    if (candidate === null) return;
    if (confirm) {
      pending.current = { candidate, version: basedOn };
      setConfirming(true);
    } else await saveChecked(candidate, basedOn);
  }

  const saveButton = (
    <Button type="primary" loading={saving} disabled={!canEdit} onClick={handleSave} data-testid="rule-save">
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
        confirm ? (
          <Popconfirm
            key="save"
            open={confirming}
            onOpenChange={(open) => {
              if (!open) setConfirming(false);
            }}
            title={confirm.title}
            description={confirm.description}
            okText={confirm.okText}
            cancelText="Not now"
            onConfirm={() =>
              pending.current ? saveChecked(pending.current.candidate, pending.current.version) : undefined
            }
          >
            {saveButton}
          </Popconfirm>
        ) : (
          <span key="save">{saveButton}</span>
        ),
      ]}
    >
      <GeneralIssues issues={general} testId="rule-general-issues" />
      <ItemForm
        form={form}
        initialValues={initialValues}
        disabled={!canEdit}
        validation={validation}
        onSave={handleSave}
      >
        {children}
      </ItemForm>
    </Modal>
  );
}

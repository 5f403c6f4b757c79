import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { ItemModal, type SaveConfirmation } from '../../components/form';
import type { ItemValidation } from './itemValidation';
import type { NetworkEditor } from './useNetworkEditor';

export const RECONNECT_WARNING = 'The gateway applies the change and devices may reconnect.';

const RECONNECT_CONFIRMATION: SaveConfirmation = {
  title: 'Save and apply?',
  description: RECONNECT_WARNING,
  okText: 'Save and apply',
};

/** What every network rule dialog is given: the editor, the item edited (null: a new one), close. */
export interface RuleDialogProps {
  editor: NetworkEditor;
  index: number | null;
  onClose(): void;
}

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
 * The add/edit dialog of a network rule: the item dialog saving the whole `network` document
 * through the editor (a conflict's "reload" closes it), with the reconnect warning where it applies.
 */
export function RuleModal<V>({ editor, warnReconnect = false, onClose, ...dialog }: RuleModalProps<V>) {
  return (
    <ItemModal
      {...dialog}
      onClose={onClose}
      canEdit={editor.canEdit}
      version={editor.view.version}
      save={(candidate, version) => editor.save(candidate, { onReload: onClose, baseVersion: version })}
      confirm={warnReconnect ? RECONNECT_CONFIRMATION : undefined}
    />
  );
}

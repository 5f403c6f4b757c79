import { Flex, Form, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FieldMessage } from './portEdits';

/** The fields of the port editor: labels above, the switch rules' message (or a hint) under them. */

/** What a field of several selected ports shows when their values differ. */
export const MIXED = 'Mixed';

/**
 * The message under a field: the rule's message when broken, else the helper text. Rendered by us
 * (not Form.Item `help`) so it is in the markup at once, tied to the control by `aria-describedby`.
 */
function FieldNote({
  id,
  message,
  hint,
}: {
  id: string;
  message: FieldMessage | undefined;
  hint?: ReactNode;
}) {
  if (message) {
    return (
      <div id={`${id}-note`} className="nl-pe-note nl-pe-note-error" role="alert" data-testid={`issue-${id}`}>
        {message.message}
      </div>
    );
  }
  return hint ? (
    <div id={`${id}-note`} className="nl-pe-note">
      {hint}
    </div>
  ) : null;
}

/** A labelled field with the rule message under it (labels above fields, UI.md). */
export function Field({
  id,
  label,
  message,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  message: FieldMessage | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={message ? 'error' : undefined}
      className="nl-pe-field"
    >
      {children}
      <FieldNote id={id} message={message} hint={hint} />
    </Form.Item>
  );
}

/** A switch with its label on the right, for the on/off settings. */
export function Toggle({
  id,
  label,
  checked,
  mixed,
  message,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean | undefined;
  mixed?: boolean;
  message: FieldMessage | undefined;
  hint?: ReactNode;
  onChange(v: boolean): void;
}) {
  return (
    <Form.Item validateStatus={message ? 'error' : undefined} className="nl-pe-toggle">
      <Flex align="center" gap={10}>
        <Switch
          id={id}
          size="small"
          checked={checked ?? false}
          onChange={onChange}
          aria-label={label}
          aria-describedby={message || hint ? `${id}-note` : undefined}
        />
        <label htmlFor={id}>{label}</label>
        {mixed ? <Typography.Text type="secondary">({MIXED})</Typography.Text> : null}
      </Flex>
      <FieldNote id={id} message={message} hint={hint} />
    </Form.Item>
  );
}

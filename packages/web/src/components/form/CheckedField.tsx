import { Form, type FormItemProps, type FormRule, Input } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { AddressInput } from './inputs';
import { namePath } from './itemIssues';

/** What a checked field needs from its form's validation: the domain's rule of one field. */
interface FieldRules {
  rule(field: string): FormRule;
}

const ValidationContext = createContext<FieldRules | null>(null);

/** Gives the fields inside it their form's validation (the item form does this for its fields). */
export function FieldValidation({ validation, children }: { validation: FieldRules; children: ReactNode }) {
  return <ValidationContext.Provider value={validation}>{children}</ValidationContext.Provider>;
}

type CheckedFieldProps<F extends string> = Omit<FormItemProps, 'name' | 'rules'> & {
  /** The field's path in the item (`dns.1`), which is also its form name. */
  field: F;
  /** Where the field's rule comes from; by default the enclosing form's validation. */
  validation?: { rule(field: F): FormRule };
};

/** A form field checked by the domain's rules: its name from its path, its rule from the validation. */
export function CheckedField<F extends string>({ field, validation, ...item }: CheckedFieldProps<F>) {
  const enclosing = useContext(ValidationContext);
  const rules = validation ?? enclosing;
  if (!rules) throw new Error(`The field "${field}" has no validation`);
  return <Form.Item name={namePath(field)} rules={[rules.rule(field)]} {...item} />;
}

type AddressFieldProps = Omit<CheckedFieldProps<string>, 'children'> & {
  placeholder?: string;
  disabled?: boolean;
  /** Longer than an address (a primary and a backup next hop). */
  maxLength?: number;
};

/** A checked field holding one IPv4 address (or an address pair, with `maxLength`). */
export function AddressField({ placeholder, disabled, maxLength, ...field }: AddressFieldProps) {
  return (
    <CheckedField {...field}>
      <AddressInput placeholder={placeholder} disabled={disabled} maxLength={maxLength} />
    </CheckedField>
  );
}

type TextFieldProps = Omit<CheckedFieldProps<string>, 'children'> & { maxLength: number };

/** A checked field holding one line of text (no autofill), as long as its rule allows. */
export function TextField({ maxLength, ...field }: TextFieldProps) {
  return (
    <CheckedField {...field}>
      <Input maxLength={maxLength} autoComplete="off" />
    </CheckedField>
  );
}

/** A checked field holding a new secret (a Wi-Fi or RADIUS password): masked, never autofilled. */
export function SecretField({ maxLength, ...field }: TextFieldProps) {
  return (
    <CheckedField {...field}>
      <Input.Password maxLength={maxLength} autoComplete="new-password" />
    </CheckedField>
  );
}

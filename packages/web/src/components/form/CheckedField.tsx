import { Form, type FormItemProps, type FormRule } from 'antd';
import { namePath } from './itemIssues';

type CheckedFieldProps<F extends string> = Omit<FormItemProps, 'name' | 'rules'> & {
  /** The field's path in the item (`dns.1`), which is also its form name. */
  field: F;
  /** Where the field's rule comes from (the item's validation). */
  validation: { rule(field: F): FormRule };
};

/** A form field checked by the domain's rules: its name from its path, its rule from the validation. */
export function CheckedField<F extends string>({ field, validation, ...item }: CheckedFieldProps<F>) {
  return <Form.Item name={namePath(field)} rules={[validation.rule(field)]} {...item} />;
}

import { Form, type FormInstance, type FormRule } from 'antd';
import type { ReactNode } from 'react';
import { FieldValidation } from './CheckedField';

interface ItemFormProps<V> {
  form: FormInstance<V>;
  initialValues: V;
  /** The account may not change the settings: the fields show, read-only. */
  disabled: boolean;
  /** The domain's rules of the fields; touched ones are re-checked on every change (cross-field rules). */
  validation: { rule(field: string): FormRule; revalidateTouched(): void };
  onSave(): void;
  className?: string;
  children: ReactNode;
}

/** The form of an item editor: labels above fields, the domain's rules re-run as the user types. */
export function ItemForm<V>({
  form,
  initialValues,
  disabled,
  validation,
  onSave,
  className,
  children,
}: ItemFormProps<V>) {
  return (
    <Form<V>
      form={form}
      layout="vertical"
      initialValues={initialValues as never}
      requiredMark={false}
      disabled={disabled}
      onValuesChange={() => validation.revalidateTouched()}
      onFinish={onSave}
      className={className}
    >
      <FieldValidation validation={validation}>{children}</FieldValidation>
      {/* Enter in a field saves, like the button. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
}

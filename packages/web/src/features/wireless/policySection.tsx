import { Form, type FormInstance, Typography } from 'antd';
import type { PolicyFormValues } from './policyForm';
import type { PolicyValidation } from './usePolicyValidation';
import type { WirelessEditor } from './useWirelessEditor';

export interface PolicyFieldsProps {
  editor: WirelessEditor;
  form: FormInstance<PolicyFormValues>;
  validation: PolicyValidation;
}

/** A section heading of the policy editor. */
export function PolicySection({ title }: { title: string }) {
  return (
    <Typography.Title level={5} className="nl-wifi-section">
      {title}
    </Typography.Title>
  );
}

/** The policy's values as the form holds them now (sections show and hide fields by them). */
export function usePolicyValues(form: FormInstance<PolicyFormValues>): PolicyFormValues {
  return (Form.useWatch([], { form, preserve: true }) ?? form.getFieldsValue(true)) as PolicyFormValues;
}

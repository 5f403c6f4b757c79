import type { FormInstance } from 'antd';

interface RequestSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * Runs a whole domain request schema over the form values before submit. Cross-field rules (the
 * mobile number against its country code, matching passwords) live there; their issues land on
 * the named fields. Returns the parsed request, or null when the form shows errors.
 */
export function parseRequest<T>(form: FormInstance, schema: RequestSchema<T>, values: unknown): T | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const fields: { name: string; errors: string[] }[] = [];
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!name || seen.has(name)) continue;
    seen.add(name);
    fields.push({ name, errors: [issue.message] });
  }
  form.setFields(fields);
  return null;
}

/**
 * Checks a dialog's form before it is sent: each field's own rules, then the whole request schema.
 * The request, or null when the form now shows what is wrong.
 */
export async function checkedRequest<T>(form: FormInstance, schema: RequestSchema<T>): Promise<T | null> {
  try {
    await form.validateFields();
  } catch {
    return null;
  }
  return parseRequest(form, schema, form.getFieldsValue());
}

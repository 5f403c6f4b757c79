import {
  type BridgeConfigView,
  type BridgeSettings,
  NAME_MAX_BYTES,
  WIFI_PASSWORD_HEX_LENGTH,
  WIFI_PASSWORD_MAX_LENGTH,
  WIFI_PASSWORD_MIN_LENGTH,
} from '@netloom/domain';
import { Alert, Button, Flex, Form } from 'antd';
import { useEffect, useState } from 'react';
import {
  FieldRow,
  FieldValidation,
  placeIssues,
  SecretField,
  TextField,
  useItemValidation,
} from '../../components/form';
import type { useBridgeEditor } from './useBridgeEditor';

interface BridgeForm {
  bridgeName: string;
  mgmtSsid: string;
  mgmtPassword: string;
}
const FIELDS = ['bridgeName', 'mgmtSsid', 'mgmtPassword'] as const;

interface BridgeSettingsFormProps {
  view: BridgeConfigView;
  editor: ReturnType<typeof useBridgeEditor>;
  canEdit: boolean;
}

/** The settings part of the `bridge` document: bridge name and the management Wi-Fi. */
export function BridgeSettingsForm({ view, editor, canEdit }: BridgeSettingsFormProps) {
  const [form] = Form.useForm<BridgeForm>();
  const [general, setGeneral] = useState<string | null>(null);
  const values = Form.useWatch([], form) as BridgeForm | undefined;
  const candidate = (v: BridgeForm | undefined): BridgeSettings => ({
    ...view.settings,
    bridgeName: (v?.bridgeName ?? '').trim(),
    mgmtSsid: v?.mgmtSsid ?? '',
    mgmtPassword: v?.mgmtPassword ?? '',
  });
  const dirty =
    values !== undefined &&
    (values.bridgeName !== view.settings.bridgeName ||
      values.mgmtSsid !== view.settings.mgmtSsid ||
      values.mgmtPassword !== view.settings.mgmtPassword);

  const incomplete = editor
    .issuesOf(view.settings)
    .some((i) => (FIELDS as readonly string[]).includes(i.path));

  // A newer version (saved here or elsewhere) replaces an untouched form.
  const { bridgeName, mgmtSsid, mgmtPassword } = view.settings;
  useEffect(() => {
    if (!form.isFieldsTouched()) form.setFieldsValue({ bridgeName, mgmtSsid, mgmtPassword });
  }, [form, bridgeName, mgmtSsid, mgmtPassword]);

  // Every issue of a field counts here, also one the saved settings have (an incomplete management
  // Wi-Fi): the section asks for it until it is set.
  const validation = useItemValidation(form, {
    build: (v: BridgeForm) => candidate(v),
    issuesOf: editor.issuesOf,
    place: (issues) => placeIssues(issues, '', FIELDS),
    fields: () => FIELDS,
  });

  function handleDiscard() {
    setGeneral(null);
    form.setFields(FIELDS.map((name) => ({ name, value: view.settings[name], touched: false, errors: [] })));
  }

  async function handleSave() {
    setGeneral(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const outcome = await editor.save(candidate(form.getFieldsValue(true)));
    if (outcome.ok) {
      form.setFields(FIELDS.map((name) => ({ name, touched: false })));
      return;
    }
    if (outcome.kind === 'issues') {
      const rest = validation.applyServer(outcome.issues);
      if (rest.length > 0) setGeneral(rest.map((i) => i.message).join(' '));
    } else if (outcome.kind === 'error' && outcome.message) setGeneral(outcome.message);
  }

  return (
    <Form<BridgeForm>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={!canEdit}
      initialValues={{ bridgeName, mgmtSsid, mgmtPassword }}
      onFinish={handleSave}
      data-testid="bridge-settings"
    >
      <FieldValidation validation={validation}>
        {general ? <Alert type="error" showIcon title={general} className="nl-cpe-alert" /> : null}
        {!general && incomplete ? (
          <Alert
            type="info"
            showIcon
            className="nl-cpe-alert"
            title="Set the management Wi-Fi: the CPE takes its bridge settings (and an uplink) only with a management SSID and password."
            data-testid="bridge-incomplete"
          />
        ) : null}
        <TextField
          field="bridgeName"
          label="Bridge name"
          extra={`1–${NAME_MAX_BYTES} printable characters; both ends of a link show it`}
          maxLength={NAME_MAX_BYTES}
        />
        <FieldRow>
          <TextField
            field="mgmtSsid"
            label="Management SSID"
            extra="The Wi-Fi you join on site to reach this CPE"
            maxLength={NAME_MAX_BYTES}
          />
          <SecretField
            field="mgmtPassword"
            label="Management password"
            extra={`${WIFI_PASSWORD_MIN_LENGTH}–${WIFI_PASSWORD_MAX_LENGTH} characters, or ${WIFI_PASSWORD_HEX_LENGTH} hex digits`}
            maxLength={WIFI_PASSWORD_HEX_LENGTH}
          />
        </FieldRow>
        <Flex justify="flex-end" gap={8}>
          <Button disabled={!dirty} onClick={handleDiscard}>
            Discard
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={editor.saving}
            disabled={!dirty}
            data-testid="bridge-save"
          >
            Save bridge settings
          </Button>
        </Flex>
      </FieldValidation>
    </Form>
  );
}

import {
  DATA_SCREEN_MAP_RANGE_LABELS,
  DATA_SCREEN_MAP_RANGES,
  DATA_SCREEN_MAX_COUNTRIES,
  type DataScreenSettings,
  dataScreenCountriesIssue,
  dataScreenTitleSchema,
  TITLE_MAX_LENGTH,
} from '@netloom/domain';
import { Alert, App, Button, Drawer, Flex, Form, Input, Radio, Select } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues, zodRule } from '../../components/zodRule';
import { useSaveDataScreenSettings } from './api';
import { loadCountryNames } from './geo';

interface Props {
  open: boolean;
  settings: DataScreenSettings;
  onClose(): void;
}

/** The data screen's settings, kept for the account on the server: map range, title, countries. */
export function SettingsDrawer({ open, settings, onClose }: Props) {
  const [form] = Form.useForm<DataScreenSettings>();
  const save = useSaveDataScreenSettings();
  const { message } = App.useApp();
  const [names, setNames] = useState<Map<string, string> | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const range = Form.useWatch('range', form);

  useEffect(() => {
    void loadCountryNames().then(setNames);
  }, []);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(settings);
    setServerError(null);
  }, [open, settings, form]);

  const options = names
    ? [...names]
        .map(([value, label]) => ({ value, label: `${label} (${value})` }))
        .sort((a, b) => a.label.localeCompare(b.label))
    : [];

  async function submit(values: DataScreenSettings) {
    setServerError(null);
    try {
      await save.mutateAsync(values);
      message.success('Data screen settings saved.');
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) applyServerIssues(form, apiError);
      setServerError(apiError?.message ?? 'Save failed. Please try again.');
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Data screen settings"
      size={440}
      rootClassName="nl-ds-drawer"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Flex>
      }
    >
      {serverError ? (
        <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 16 }} />
      ) : null}
      <Form<DataScreenSettings>
        form={form}
        layout="vertical"
        initialValues={settings}
        onFinish={submit}
        aria-label="Data screen settings"
      >
        <Form.Item
          name="title"
          label="Title"
          required
          extra={`Shown at the top of the screen, up to ${TITLE_MAX_LENGTH} characters.`}
          rules={[zodRule(dataScreenTitleSchema)]}
        >
          <Input count={{ show: true, max: TITLE_MAX_LENGTH }} placeholder="e.g. Hangzhou operations" />
        </Form.Item>
        <Form.Item name="range" label="Map range" required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={DATA_SCREEN_MAP_RANGES.map((r) => ({
              value: r,
              label: DATA_SCREEN_MAP_RANGE_LABELS[r],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="countries"
          label="Highlighted countries"
          required
          extra={
            range === 'china'
              ? `Shown on the world map, at most ${DATA_SCREEN_MAX_COUNTRIES}.`
              : `Filled on the world map, at most ${DATA_SCREEN_MAX_COUNTRIES}.`
          }
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                const issue = dataScreenCountriesIssue(Array.isArray(value) ? (value as string[]) : []);
                if (issue) throw new Error(issue);
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose countries"
            options={options}
            loading={!names}
            aria-label="Highlighted countries"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

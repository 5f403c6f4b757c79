import { LockOutlined } from '@ant-design/icons';
import {
  type CodedIssue,
  canonicalJson,
  type DeviceRadioSettings,
  ERR,
  errorMessage,
  findModel,
  type RadioConfigView,
  type RadioSettings,
  radioSettingsIssues,
} from '@netloom/domain';
import { Alert, Button, Flex, Select, Skeleton, Switch, Table, Tooltip, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { ConfigDeliveryBar, useSettingsSave } from '../config';
import { useRadioConfig, useSaveRadioConfig } from './api';
import { bandLabel, channelOptions, powerOptions, widthOptions } from './radioOptions';
import './rf.css';
import { LoadError } from '../../components/LoadError';

interface RadioSettingsPanelProps {
  projectId: number;
  deviceId: number;
  /** Manage right on a non-demo project. */
  canEdit: boolean;
  /** Tooltip of the disabled controls when the account cannot edit. */
  disabledReason?: string;
}

/** A device's radios (the `radio` document): on/off, channel, width, power — what RF optimisation writes. */
export function RadioSettingsPanel(props: RadioSettingsPanelProps) {
  const query = useRadioConfig(props.projectId, props.deviceId);
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) {
    return <LoadError query={query} title="The radio settings could not be loaded." type="warning" />;
  }
  return <RadioEditor view={query.data} {...props} />;
}

type Row = RadioSettings & { index: number };

function RadioEditor({
  view,
  projectId,
  deviceId,
  canEdit,
  disabledReason,
}: RadioSettingsPanelProps & { view: RadioConfigView }) {
  const [base, setBase] = useState({ version: view.version, settings: view.settings });
  const [draft, setDraft] = useState<DeviceRadioSettings>(view.settings);
  const [refused, setRefused] = useState<CodedIssue[]>([]);
  const dirty = canonicalJson(draft) !== canonicalJson(base.settings);
  useEffect(() => {
    if (view.version !== base.version && !dirty) {
      setBase({ version: view.version, settings: view.settings });
      setDraft(view.settings);
    }
  }, [view.version, view.settings, base.version, dirty]);

  const model = useMemo(() => findModel(view.device.model) ?? null, [view.device.model]);
  const issues = useMemo(() => {
    const list = [...(model ? radioSettingsIssues(draft, { model }) : []), ...refused];
    const out = new Map<string, string>();
    for (const i of list) if (!out.has(i.path)) out.set(i.path, i.message);
    return out;
  }, [draft, model, refused]);

  const { save, saving } = useSettingsSave(useSaveRadioConfig(projectId, deviceId), {
    kind: 'radio',
    deviceId,
  });
  const locked = !canEdit || view.rfRunning;

  function set(index: number, patch: Partial<RadioSettings>) {
    setRefused([]);
    setDraft((d) => ({ radios: d.radios.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  }

  async function handleSave() {
    const outcome = await save({ baseVersion: base.version, settings: draft });
    if (outcome.ok) setBase({ version: outcome.result.version, settings: draft });
    else if (outcome.kind === 'issues') setRefused(outcome.issues);
  }

  const field = (index: number, key: string) => issues.get(`radios.${index}.${key}`);
  const withIssue = (message: string | undefined, control: ReactNode) => (
    <div>
      {control}
      {message ? <div className="nl-rf-cell-error">{message}</div> : null}
    </div>
  );
  const rows: Row[] = draft.radios.map((r, index) => ({ ...r, index }));

  return (
    <Flex vertical gap={12} data-testid="radio-settings">
      <ConfigDeliveryBar projectId={projectId} targets={view.targets} version={view.version} />
      {view.rfRunning ? (
        <Alert
          type="info"
          icon={<LockOutlined />}
          showIcon
          title={errorMessage(ERR.RF_AUTO_OPTIMIZATION_RUNNING)}
        />
      ) : null}
      <Table<Row>
        size="small"
        pagination={false}
        rowKey="band"
        dataSource={rows}
        columns={[
          { key: 'band', title: 'Band', width: 80, render: (_, r) => bandLabel(r.band) },
          {
            key: 'enabled',
            title: 'On',
            width: 64,
            render: (_, r) => (
              <Switch
                size="small"
                checked={r.enabled}
                disabled={locked}
                onChange={(enabled) => set(r.index, { enabled })}
                aria-label={`${bandLabel(r.band)} radio on`}
              />
            ),
          },
          {
            key: 'channel',
            title: 'Channel',
            render: (_, r) =>
              withIssue(
                field(r.index, 'channel'),
                <Select
                  size="small"
                  className="nl-rf-select"
                  value={r.channel}
                  disabled={locked || !r.enabled}
                  options={channelOptions(r.band, r.width)}
                  onChange={(channel) => set(r.index, { channel })}
                  status={field(r.index, 'channel') ? 'error' : undefined}
                  aria-label={`${bandLabel(r.band)} channel`}
                  showSearch
                />,
              ),
          },
          {
            key: 'width',
            title: 'Width',
            render: (_, r) => {
              const spec = view.radios.find((x) => x.band === r.band);
              return withIssue(
                field(r.index, 'width'),
                <Select
                  size="small"
                  className="nl-rf-select"
                  value={r.width}
                  disabled={locked || !r.enabled}
                  options={spec ? widthOptions(r.band, spec.standard) : []}
                  onChange={(width) => set(r.index, { width })}
                  aria-label={`${bandLabel(r.band)} channel width`}
                />,
              );
            },
          },
          {
            key: 'power',
            title: 'Power',
            render: (_, r) => {
              const spec = view.radios.find((x) => x.band === r.band);
              return withIssue(
                field(r.index, 'txPower'),
                <Select
                  size="small"
                  className="nl-rf-select"
                  value={r.txPower}
                  disabled={locked || !r.enabled}
                  options={powerOptions(spec?.maxTxPowerDbm ?? 20)}
                  onChange={(txPower) => set(r.index, { txPower })}
                  aria-label={`${bandLabel(r.band)} transmit power`}
                />,
              );
            },
          },
          {
            key: 'now',
            title: 'Running now',
            render: (_, r) => {
              const live = view.live.find((x) => x.band === r.band);
              return live ? (
                <Typography.Text type="secondary" className="nl-rf-change">
                  ch {live.channel}
                  {live.width ? ` · ${live.width} MHz` : ''} · {live.txPower} dBm
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">Offline</Typography.Text>
              );
            },
          },
        ]}
      />
      {canEdit ? (
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">
            Auto lets the AP and RF optimisation choose. Saving restarts the radios briefly.
          </Typography.Text>
          <Flex gap={8}>
            <Button size="small" disabled={!dirty || saving} onClick={() => setDraft(base.settings)}>
              Discard
            </Button>
            <Tooltip title={view.rfRunning ? errorMessage(ERR.RF_AUTO_OPTIMIZATION_RUNNING) : disabledReason}>
              <Button
                size="small"
                type="primary"
                loading={saving}
                disabled={locked || !dirty || issues.size > 0}
                onClick={() => void handleSave()}
                data-testid="radio-save"
              >
                Save radios
              </Button>
            </Tooltip>
          </Flex>
        </Flex>
      ) : null}
    </Flex>
  );
}

import {
  type Device,
  describeRebootPlan,
  errorMessage,
  nextRebootAt,
  REBOOT_CYCLE_DAYS_MAX,
  REBOOT_CYCLE_DAYS_MIN,
  REBOOT_CYCLE_HOURS_MAX,
  REBOOT_CYCLE_HOURS_MIN,
  REBOOT_EVERY_MESSAGE,
  REBOOT_MODE_LABELS,
  type RebootCycleUnit,
  type RebootPlan,
  type RebootScheduleMode,
  type RebootScheduleView,
  rebootModesOf,
  rebootPlanIssues,
  rebootScheduleRefusal,
  timeZoneShortLabel,
  WEEKDAY_LABELS,
} from '@netloom/domain';
import {
  Alert,
  App,
  Checkbox,
  Flex,
  Form,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { useSaveRebootSchedule } from './api';
import { formatInZone, kindLabel } from './words';

/** What the form edits: a new schedule (project's or a device's) or an existing one. */
export type ScheduleTarget =
  | { kind: 'new-project' }
  /** A device's own; `device` set: that one (the device drawer), else chosen in the form. */
  | { kind: 'new-device'; device?: ScheduleDevice }
  | { kind: 'edit'; schedule: RebootScheduleView };

/** What the form needs of a device. */
export type ScheduleDevice = Pick<Device, 'id' | 'name' | 'type'>;

interface Draft extends RebootPlan {
  enabled: boolean;
  deviceId: number | null;
}

const DEFAULT_PLAN: Draft = {
  enabled: true,
  deviceId: null,
  mode: 'weekly',
  time: '03:00',
  days: [0, 1, 2, 3, 4, 5, 6],
  every: 24,
  unit: 'hours',
};

const EVERY_BOUNDS: Record<RebootCycleUnit, [number, number]> = {
  days: [REBOOT_CYCLE_DAYS_MIN, REBOOT_CYCLE_DAYS_MAX],
  hours: [REBOOT_CYCLE_HOURS_MIN, REBOOT_CYCLE_HOURS_MAX],
};

function initialDraft(target: ScheduleTarget): Draft {
  if (target.kind === 'new-device' && target.device) {
    const modes = rebootModesOf(target.device.type);
    return {
      ...DEFAULT_PLAN,
      deviceId: target.device.id,
      mode: modes.includes('weekly') ? 'weekly' : 'cyclic',
    };
  }
  if (target.kind !== 'edit') return { ...DEFAULT_PLAN };
  const s = target.schedule;
  return {
    enabled: s.enabled,
    deviceId: s.deviceId,
    mode: s.mode,
    time: s.time ?? '03:00',
    days: s.mode === 'weekly' ? s.days : [0, 1, 2, 3, 4, 5, 6],
    every: s.every ?? 24,
    unit: s.unit ?? 'hours',
  };
}

/** The plan as the API takes it: the other mode's fields cleared (as the server stores it). */
function planOf(d: Draft): RebootPlan {
  if (d.mode === 'weekly') return { mode: 'weekly', time: d.time, days: d.days, every: null, unit: null };
  return { mode: 'cyclic', time: d.unit === 'days' ? d.time : null, days: [], every: d.every, unit: d.unit };
}

/**
 * Creates or changes a reboot schedule. The domain rules run as the form is filled (the plan's
 * fields, which kinds may have which mode) and the next run is previewed on the project's clock;
 * the server checks the same and answers with the catalogue's message if it still refuses.
 */
export function ScheduleFormModal({
  projectId,
  timeZone,
  target,
  devices,
  takenDeviceIds,
  onClose,
}: {
  projectId: number;
  timeZone: string;
  target: ScheduleTarget;
  /** The project's devices (the device schedule's choices). */
  devices: readonly ScheduleDevice[];
  /** Devices that have their own schedule already. */
  takenDeviceIds: ReadonlySet<number>;
  onClose(): void;
}) {
  const { message } = App.useApp();
  const save = useSaveRebootSchedule(projectId);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(target));
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const forDevice =
    target.kind === 'new-device' || (target.kind === 'edit' && target.schedule.deviceId !== null);
  const fixed = target.kind === 'new-device' ? target.device : undefined;
  const device = fixed ?? devices.find((d) => d.id === draft.deviceId);
  const deviceType = target.kind === 'edit' ? target.schedule.deviceType : (device?.type ?? null);
  const modes: RebootScheduleMode[] =
    forDevice && deviceType ? rebootModesOf(deviceType) : ['weekly', 'cyclic'];
  const plan = planOf(draft);
  const issues = rebootPlanIssues(plan);
  const kindRefusal = forDevice && deviceType ? rebootScheduleRefusal(deviceType, plan.mode) : null;
  const deviceMissing = target.kind === 'new-device' && draft.deviceId === null;
  const issueOf = (path: keyof RebootPlan) => issues.find((i) => i.path === path)?.message;
  const help = (path: keyof RebootPlan, hint: string) => {
    const issue = issueOf(path);
    return issue && (submitted || path !== 'days')
      ? { validateStatus: 'error' as const, help: issue }
      : { help: hint };
  };
  const next = useMemo(
    () => (issues.length === 0 ? nextRebootAt(plan, Date.now(), timeZone, Date.now()) : null),
    [plan, issues.length, timeZone],
  );

  const deviceOptions = devices
    .filter((d) => !takenDeviceIds.has(d.id))
    .map((d) => ({
      value: d.id,
      label: `${d.name} · ${kindLabel(d.type)}`,
      disabled: rebootModesOf(d.type).length === 0,
    }));

  async function handleOk() {
    setSubmitted(true);
    if (issues.length > 0 || kindRefusal !== null || deviceMissing) return;
    try {
      if (target.kind === 'edit')
        await save.mutateAsync({
          kind: 'update',
          scheduleId: target.schedule.id,
          body: { ...plan, enabled: draft.enabled },
        });
      else
        await save.mutateAsync({
          kind: 'create',
          body: {
            ...plan,
            enabled: draft.enabled,
            deviceId: target.kind === 'new-device' ? draft.deviceId : null,
          },
        });
      message.success('Reboot schedule saved');
      onClose();
    } catch (err) {
      message.error(err instanceof ApiError ? err.message : 'The schedule could not be saved.');
    }
  }

  const title =
    target.kind === 'edit'
      ? target.schedule.deviceId === null
        ? 'Project reboot schedule'
        : `Reboot schedule of ${target.schedule.deviceName ?? 'the device'}`
      : target.kind === 'new-project'
        ? 'Project reboot schedule'
        : fixed
          ? `Reboot schedule of ${fixed.name}`
          : 'Device reboot schedule';

  return (
    <Modal
      open
      title={title}
      okText="Save"
      onOk={handleOk}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={560}
    >
      <Form layout="vertical" requiredMark={false} data-testid="reboot-schedule-form">
        {target.kind === 'new-device' && !fixed ? (
          <Form.Item
            label="Device"
            {...(submitted && deviceMissing
              ? { validateStatus: 'error' as const, help: 'Choose a device.' }
              : { help: 'Its own schedule replaces the project’s for this device.' })}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="Choose a device"
              options={deviceOptions}
              value={draft.deviceId ?? undefined}
              onChange={(deviceId: number) => {
                const type = devices.find((d) => d.id === deviceId)?.type;
                const allowed = type ? rebootModesOf(type) : [];
                set({ deviceId, ...(allowed.includes(draft.mode) ? {} : { mode: allowed[0] ?? 'cyclic' }) });
              }}
              aria-label="Device"
              data-testid="reboot-schedule-device"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          label="Type"
          help={
            forDevice && deviceType === 'ap'
              ? 'An access point only has a cyclic reboot.'
              : !forDevice
                ? 'Weekly applies to gateways, routers and mesh units; cyclic also to access points.'
                : undefined
          }
        >
          <Radio.Group
            value={draft.mode}
            onChange={(e) => set({ mode: e.target.value as RebootScheduleMode })}
            optionType="button"
            options={(['weekly', 'cyclic'] as const).map((m) => ({
              value: m,
              label: REBOOT_MODE_LABELS[m],
              disabled: !modes.includes(m),
            }))}
          />
        </Form.Item>
        {draft.mode === 'cyclic' ? (
          <Form.Item label="Every" {...help('every', REBOOT_EVERY_MESSAGE[draft.unit ?? 'hours'])}>
            <Flex gap={8}>
              <InputNumber
                min={EVERY_BOUNDS[draft.unit ?? 'hours'][0]}
                max={EVERY_BOUNDS[draft.unit ?? 'hours'][1]}
                precision={0}
                value={draft.every}
                onChange={(every) => set({ every: typeof every === 'number' ? every : null })}
                aria-label="Every"
                data-testid="reboot-schedule-every"
              />
              <Select
                value={draft.unit ?? 'hours'}
                onChange={(unit: RebootCycleUnit) => set({ unit })}
                options={[
                  { value: 'hours', label: 'hours' },
                  { value: 'days', label: 'days' },
                ]}
                style={{ width: 110 }}
                aria-label="Unit"
                data-testid="reboot-schedule-unit"
              />
            </Flex>
          </Form.Item>
        ) : null}
        {draft.mode === 'weekly' ? (
          <Form.Item label="Days" {...help('days', 'The days it reboots on.')}>
            <Checkbox.Group
              value={draft.days}
              onChange={(days) => set({ days: [...days].sort((a, b) => a - b) })}
              options={WEEKDAY_LABELS.map((label, value) => ({ label, value }))}
            />
          </Form.Item>
        ) : null}
        {draft.mode === 'weekly' || draft.unit === 'days' ? (
          <Form.Item
            label="Time"
            {...help('time', `Project time (${timeZoneShortLabel(timeZone, Date.now())}).`)}
          >
            <TimePicker
              format="HH:mm"
              minuteStep={5}
              allowClear={false}
              needConfirm={false}
              value={dayjs(`2000-01-01T${draft.time ?? '03:00'}:00`)}
              onChange={(t) => t && set({ time: t.format('HH:mm') })}
              aria-label="Time"
            />
          </Form.Item>
        ) : null}
        <Form.Item label="On">
          <Switch checked={draft.enabled} onChange={(enabled) => set({ enabled })} aria-label="Schedule on" />
        </Form.Item>
        {kindRefusal !== null ? (
          <Alert type="error" showIcon message={errorMessage(kindRefusal)} />
        ) : issues.length === 0 ? (
          <Typography.Paragraph type="secondary" data-testid="reboot-schedule-preview">
            {describeRebootPlan(plan)}
            {draft.enabled && next !== null ? ` — next: ${formatInZone(next, timeZone)}` : ' — off'}. A device
            online for less than an hour at that time is skipped, and the skip is written to the system log.
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}

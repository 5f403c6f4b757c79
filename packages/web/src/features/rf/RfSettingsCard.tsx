import { ClockCircleOutlined } from '@ant-design/icons';
import { ACCESS_THRESHOLD_MAX, ACCESS_THRESHOLD_MIN, type RfSettings } from '@netloom/domain';
import { Card, Flex, Form, InputNumber, Slider, Switch, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { DAY_LABELS, scheduleText } from './rfModel';
import type { RfDraft } from './useRfDraft';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Form.Item props showing the draft's issue at `path`, or the helper text when there is none. */
export function fieldState(draft: RfDraft, path: string, help: string) {
  const issue = draft.issues.get(path);
  return issue
    ? { validateStatus: 'error' as const, help: issue.message }
    : { help: <span className="nl-rf-help">{help}</span> };
}

/** A number field's value as the draft keeps it: an empty field is NaN, which the rules refuse. */
export function numberValue(v: number | string | null): number {
  return typeof v === 'number' ? v : Number.NaN;
}

function DayToggles({
  days,
  disabled,
  onChange,
}: {
  days: readonly number[];
  disabled: boolean;
  onChange: (days: number[]) => void;
}) {
  return (
    <Flex gap={6} wrap role="group" aria-label="Days of the automatic run">
      {DAY_LABELS.map((label, day) => {
        const on = days.includes(day);
        return (
          <button
            key={label}
            type="button"
            className={`nl-rf-day${on ? ' nl-rf-day-on' : ''}`}
            aria-pressed={on}
            aria-label={DAY_NAMES[day]}
            disabled={disabled}
            onClick={() =>
              onChange(on ? days.filter((d) => d !== day) : [...days, day].sort((a, b) => a - b))
            }
          >
            {label}
          </button>
        );
      })}
    </Flex>
  );
}

interface RfSettingsCardProps {
  draft: RfDraft;
  /** Controls are disabled (read-only account, demo project, or a run in progress). */
  locked: boolean;
  /** Project time zone label shown next to the time, e.g. "Lisbon (UTC+1)". */
  timeZone?: string;
}

/** Automatic optimisation schedule, DFS channels and the access threshold (the `rf` document). */
export function RfSettingsCard({ draft, locked, timeZone }: RfSettingsCardProps) {
  const s = draft.draft;
  const set = (patch: Partial<RfSettings>) => draft.update((d) => ({ ...d, ...patch }));
  return (
    <Card
      title="Optimisation settings"
      className="nl-rf-card"
      extra={
        <Typography.Text type="secondary" data-testid="rf-schedule-summary">
          <ClockCircleOutlined /> {scheduleText(s)}
        </Typography.Text>
      }
    >
      <Form layout="vertical" component="div" disabled={locked} requiredMark={false}>
        <Flex justify="space-between" align="flex-start" gap={16} className="nl-rf-row">
          <div>
            <Typography.Text strong>Automatic optimisation</Typography.Text>
            <Typography.Paragraph type="secondary" className="nl-rf-row-hint">
              Re-plan channels and power on a schedule, at a quiet hour: radios change channel briefly and
              clients may reconnect.
            </Typography.Paragraph>
          </div>
          <Switch
            checked={s.auto}
            onChange={(auto) => set({ auto })}
            aria-label="Automatic optimisation"
            data-testid="rf-auto"
          />
        </Flex>
        {s.auto ? (
          <Flex gap={24} wrap className="nl-rf-schedule">
            <Form.Item label="Days" {...fieldState(draft, 'autoDays', 'The days the run starts on.')}>
              <DayToggles days={s.autoDays} disabled={locked} onChange={(autoDays) => set({ autoDays })} />
            </Form.Item>
            <Form.Item
              label="Time"
              {...fieldState(
                draft,
                'autoTime',
                timeZone ? `Project time (${timeZone}).` : 'In the project’s time zone.',
              )}
            >
              <TimePicker
                format="HH:mm"
                minuteStep={5}
                allowClear={false}
                needConfirm={false}
                value={dayjs(`2000-01-01T${s.autoTime}:00`)}
                onChange={(t) => t && set({ autoTime: t.format('HH:mm') })}
                aria-label="Time of the automatic run"
                data-testid="rf-auto-time"
              />
            </Form.Item>
          </Flex>
        ) : null}
        <Flex justify="space-between" align="flex-start" gap={16} className="nl-rf-row">
          <div>
            <Typography.Text strong>DFS channels</Typography.Text>
            <Typography.Paragraph type="secondary" className="nl-rf-row-hint">
              Also plan 5 GHz channels 52–144. More room for APs; a radio that detects radar must leave its
              channel for 30 minutes.
            </Typography.Paragraph>
          </div>
          <Switch
            checked={s.useDfs}
            onChange={(useDfs) => set({ useDfs })}
            aria-label="Use DFS channels"
            data-testid="rf-dfs"
          />
        </Flex>
        <Form.Item
          label="Access threshold"
          className="nl-rf-threshold"
          {...fieldState(
            draft,
            'accessThreshold',
            `Clients weaker than this are refused, so they join a closer AP. ${ACCESS_THRESHOLD_MIN} to ${ACCESS_THRESHOLD_MAX} dBm; ${ACCESS_THRESHOLD_MIN} lets everyone in.`,
          )}
        >
          <Flex gap={16} align="center">
            <Slider
              className="nl-rf-slider"
              min={ACCESS_THRESHOLD_MIN}
              max={ACCESS_THRESHOLD_MAX}
              value={Number.isFinite(s.accessThreshold) ? s.accessThreshold : ACCESS_THRESHOLD_MIN}
              onChange={(accessThreshold) => set({ accessThreshold })}
              marks={{
                [ACCESS_THRESHOLD_MIN]: `${ACCESS_THRESHOLD_MIN}`,
                [-75]: '-75',
                [ACCESS_THRESHOLD_MAX]: `${ACCESS_THRESHOLD_MAX}`,
              }}
              tooltip={{ formatter: (v) => `${v} dBm` }}
              aria-label="Access threshold slider"
            />
            <InputNumber
              value={Number.isFinite(s.accessThreshold) ? s.accessThreshold : null}
              onChange={(v) => set({ accessThreshold: numberValue(v) })}
              suffix="dBm"
              className="nl-rf-number"
              aria-label="Access threshold"
              data-testid="rf-access-threshold"
            />
          </Flex>
        </Form.Item>
      </Form>
    </Card>
  );
}

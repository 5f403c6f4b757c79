import { MAX_SCHEDULE_PERIODS, parseShutdownSchedule, SCHEDULE_TEXT_MAX_LENGTH } from '@netloom/domain';
import { Button, Flex, Input, Tag, Typography } from 'antd';
import { scheduleSummary } from './format';

/** Periods people add most; each is one line of the schedule syntax. */
export const SCHEDULE_EXAMPLES: readonly { label: string; line: string }[] = [
  { label: 'Nights', line: '00:00-06:00' },
  { label: 'Weeknights', line: 'Mon-Fri 22:00-24:00' },
  { label: 'Weekends', line: 'Sat,Sun 00:00-24:00' },
];

/** The schedule text with `line` appended (on its own line). */
export function appendPeriod(text: string, line: string): string {
  const trimmed = text.replace(/\s+$/, '');
  return trimmed === '' ? line : `${trimmed}\n${line}`;
}

interface ScheduleFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/**
 * The shutdown schedule as text, one period per line (`[days ]HH:MM-HH:MM`), with one-click
 * examples and the parsed periods read back in words. The rule's message comes from the form item.
 */
export function ScheduleField({ id, value = '', onChange, disabled }: ScheduleFieldProps) {
  const parsed = parseShutdownSchedule(value);
  const count = parsed.ok ? parsed.periods.length : null;
  const summary = scheduleSummary(value);
  const full = count !== null && count >= MAX_SCHEDULE_PERIODS;
  return (
    <Flex vertical gap={8}>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={SCHEDULE_TEXT_MAX_LENGTH}
        placeholder={'Mon-Fri 00:00-06:00\nSat,Sun 01:00-08:00'}
        disabled={disabled}
        className="nl-mono"
        spellCheck={false}
      />
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary">Add a period:</Typography.Text>
        {SCHEDULE_EXAMPLES.map((ex) => (
          <Button
            key={ex.label}
            size="small"
            disabled={disabled || full}
            onClick={() => onChange?.(appendPeriod(value, ex.line))}
            aria-label={`Add period ${ex.line}`}
          >
            {ex.label} <span className="nl-mono nl-wifi-example">{ex.line}</span>
          </Button>
        ))}
      </Flex>
      {summary && summary.length > 0 ? (
        <Flex gap={4} wrap data-testid="schedule-summary">
          {summary.map((s) => (
            <Tag key={s}>{s}</Tag>
          ))}
          <Typography.Text type="secondary">
            {count} / {MAX_SCHEDULE_PERIODS} periods
          </Typography.Text>
        </Flex>
      ) : null}
    </Flex>
  );
}

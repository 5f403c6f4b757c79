import { CheckCircleFilled, SyncOutlined } from '@ant-design/icons';
import type { Alarm } from '@netloom/domain';
import { Typography } from 'antd';

/** "14:05" today, "22 Nov, 14:05" another day: when the condition ended. */
function clearedTime(at: number, raisedAt: number): string {
  const d = new Date(at);
  const sameDay = d.toDateString() === new Date(raisedAt).toDateString();
  return d.toLocaleString(undefined, {
    ...(sameDay ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * Whether an alarm's condition still holds: "Cleared 14:05 — device back online" (green) or
 * "Active" (the condition has not ended yet). Nothing for alarms that are events (a failed login).
 */
export function AlarmClearState({ alarm }: { alarm: Alarm }) {
  if (!alarm.clearable) return null;
  if (alarm.clearedAt === null)
    return (
      <Typography.Text className="nl-alarm-active" data-testid="alarm-active">
        <SyncOutlined /> Active — not cleared yet
      </Typography.Text>
    );
  const when = clearedTime(alarm.clearedAt, alarm.at);
  return (
    <Typography.Text
      className="nl-alarm-cleared"
      data-testid="alarm-cleared"
      title={new Date(alarm.clearedAt).toLocaleString()}
    >
      <CheckCircleFilled /> Cleared {when}
      {alarm.clearedText ? ` — ${alarm.clearedText}` : ''}
    </Typography.Text>
  );
}

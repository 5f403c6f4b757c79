/**
 * What a notification says: one message per channel listing every alarm of a batch (the webhook's
 * JSON body is domain `NotificationMessage`; the e-mail says the same in words). Texts come from
 * devices, so the HTML escapes them.
 */
import {
  ALARM_SEVERITY_LABELS,
  type Alarm,
  localTimeIn,
  NOTIFY_MESSAGE_MAX_ALARMS,
  type NotificationMessage,
  type NotifyAlarm,
  timeZoneShortLabel,
} from '@netloom/domain';
import type { MailMessage } from '../../transport/mail';

export interface ProjectFacts {
  id: number;
  name: string;
  /** IANA zone (Europe/Lisbon). */
  timeZone: string;
}

function note(a: Alarm): NotifyAlarm {
  return {
    id: a.id,
    at: a.at,
    severity: a.severity,
    code: a.code,
    text: a.text,
    device: { id: a.device.id, name: a.device.name, sn: a.device.sn, model: a.device.model },
    clearedAt: a.clearedAt,
    clearedText: a.clearedText,
  };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The message of a batch: raised alarms first (most severe first), then the cleared ones. */
export function alarmMessage(
  project: ProjectFacts,
  raised: readonly Alarm[],
  cleared: readonly Alarm[],
  now: number,
): NotificationMessage {
  const order = { critical: 0, warning: 1, info: 2 } as const;
  const r = [...raised].sort((a, b) => order[a.severity] - order[b.severity] || a.at - b.at);
  const listedRaised = r.slice(0, NOTIFY_MESSAGE_MAX_ALARMS);
  const listedCleared = cleared.slice(0, Math.max(0, NOTIFY_MESSAGE_MAX_ALARMS - listedRaised.length));
  const parts: string[] = [];
  if (raised.length === 1 && cleared.length === 0 && r[0]) {
    parts.push(`${ALARM_SEVERITY_LABELS[r[0].severity]}: ${r[0].device.name} — ${r[0].text}`);
  } else {
    if (raised.length > 0) parts.push(count(raised.length, 'new alarm'));
    if (cleared.length > 0) parts.push(`${cleared.length} cleared`);
  }
  return {
    type: 'alarms',
    project: { id: project.id, name: project.name },
    subject: `[${project.name}] ${parts.join(', ')}`,
    raised: listedRaised.map(note),
    cleared: listedCleared.map(note),
    more: raised.length + cleared.length - listedRaised.length - listedCleared.length,
    sentAt: now,
  };
}

export function testMessage(project: ProjectFacts, now: number): NotificationMessage {
  return {
    type: 'test',
    project: { id: project.id, name: project.name },
    subject: `[${project.name}] Test notification`,
    raised: [],
    cleared: [],
    more: 0,
    sentAt: now,
  };
}

/** "14:05" in the project's zone; "2026-03-10 14:05" when `withDay`. */
function clock(at: number, timeZone: string, withDay = false): string {
  const t = localTimeIn(at, timeZone);
  const hm = `${String(Math.floor(t.minuteOfDay / 60)).padStart(2, '0')}:${String(t.minuteOfDay % 60).padStart(2, '0')}`;
  return withDay ? `${t.date} ${hm}` : hm;
}

function line(a: NotifyAlarm, tz: string): string {
  const model = a.device.model ? ` (${a.device.model})` : '';
  const cleared = a.clearedAt !== null ? ` — Cleared ${clock(a.clearedAt, tz)}: ${a.clearedText ?? ''}` : '';
  return `${ALARM_SEVERITY_LABELS[a.severity]} · ${clock(a.at, tz, true)} · ${a.device.name}${model}: ${a.text}${cleared}`;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The e-mail of a message, text and HTML. */
export function mailOf(to: string, m: NotificationMessage, timeZone: string): MailMessage {
  const zone = timeZoneShortLabel(timeZone, m.sentAt);
  if (m.type === 'test') {
    const text = `This is a test notification from Netloom for the project “${m.project.name}”.\n\nAlarms of the project at or above this address's level will arrive like this one; alarms raised close together come as one message.`;
    return { to, subject: m.subject, text, html: `<p>${escapeHtml(text).replace(/\n\n/g, '</p><p>')}</p>` };
  }
  const sections: { title: string; items: NotifyAlarm[] }[] = [
    { title: 'New alarms', items: m.raised },
    { title: 'Cleared', items: m.cleared },
  ].filter((s) => s.items.length > 0);
  const more = m.more > 0 ? `\n…and ${m.more} more in the console.` : '';
  const text = [
    `Project “${m.project.name}” (times ${zone}):`,
    ...sections.map((s) => `\n${s.title}:\n${s.items.map((a) => `• ${line(a, timeZone)}`).join('\n')}`),
  ].join('\n');
  const html = [
    `<p>Project “${escapeHtml(m.project.name)}” (times ${escapeHtml(zone)}):</p>`,
    ...sections.map(
      (s) =>
        `<h3 style="margin:16px 0 4px">${escapeHtml(s.title)}</h3><ul>${s.items
          .map((a) => `<li>${escapeHtml(line(a, timeZone))}</li>`)
          .join('')}</ul>`,
    ),
    m.more > 0 ? `<p>…and ${m.more} more in the console.</p>` : '',
  ].join('');
  return { to, subject: m.subject, text: `${text}${more}`, html };
}

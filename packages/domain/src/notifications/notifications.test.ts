import { describe, expect, it } from 'vitest';
import { alarmsClearedByEvent, isClearableAlarm, metricClearedText, thresholdAlarmText } from '../alarms';
import { notifyChannelCreateSchema, notifyTargetIssue, reachesLevel } from '.';

describe('notification recipients', () => {
  it.each([
    ['noc@example.com', true],
    ['first.last+alarms@sub.example.co.uk', true],
    ['noc@', false],
    ['noc example.com', false],
    ['', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('e-mail %s → %s', (target, ok) => {
    expect(notifyTargetIssue('email', target) === null).toBe(ok);
  });

  it.each([
    ['https://hooks.example.com/netloom', true],
    ['http://127.0.0.1:8080/hook', true],
    ['ftp://hooks.example.com/x', false],
    ['https://user:pw@hooks.example.com/x', false],
    ['hooks.example.com/netloom', false],
    ['javascript:alert(1)', false],
    [`https://example.com/${'a'.repeat(2048)}`, false],
  ])('webhook %s → %s', (target, ok) => {
    expect(notifyTargetIssue('webhook', target) === null).toBe(ok);
  });

  it('defaults the level to warning and refuses an unknown level', () => {
    expect(notifyChannelCreateSchema.parse({ kind: 'email', target: 'noc@example.com' }).minLevel).toBe(
      'warning',
    );
    expect(
      notifyChannelCreateSchema.safeParse({ kind: 'email', target: 'noc@example.com', minLevel: 'x' })
        .success,
    ).toBe(false);
  });

  it.each([
    ['critical', 'warning', true],
    ['warning', 'warning', true],
    ['info', 'warning', false],
    ['warning', 'critical', false],
    ['info', 'info', true],
  ] as const)('a %s alarm reaches a "%s and above" recipient: %s', (severity, min, reaches) => {
    expect(reachesLevel(severity, min)).toBe(reaches);
  });
});

describe('alarm texts and clear rules', () => {
  it.each([
    [97, 300, 'CPU above 90 % for 5 minutes (97 % at the time)'],
    [90, 300, 'CPU above 90 % for 5 minutes'],
    [22, 300, 'CPU above 90 % for 5 minutes'],
    [undefined, 90, 'CPU above 90 % for 90 seconds'],
    [95.6, 3600, 'CPU above 90 % for 1 hour (96 % at the time)'],
    [91, undefined, 'CPU above 90 % (91 % at the time)'],
  ])('value %s for %s s → "%s" (never a value under the threshold)', (value, seconds, text) => {
    expect(thresholdAlarmText('CPU', 90, value, seconds)).toBe(text);
  });

  it('says why a threshold alarm cleared, with the value under the threshold', () => {
    expect(metricClearedText('CPU', 90, 41.4)).toBe('CPU back under 90 % (41 %)');
  });

  it('knows which alarms can clear and which events clear them', () => {
    expect(
      ['device_offline', 'cpu_high', 'memory_high', 'port_down', 'camera_offline'].every(isClearableAlarm),
    ).toBe(true);
    expect(isClearableAlarm('login_failed')).toBe(false);
    expect(alarmsClearedByEvent('port_up')).toEqual([{ alarm: 'port_down', reason: 'link up again' }]);
    expect(alarmsClearedByEvent('camera_online')).toEqual([
      { alarm: 'camera_offline', reason: 'camera back online' },
    ]);
    expect(alarmsClearedByEvent('boot')).toEqual([]);
  });
});

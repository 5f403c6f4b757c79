import { describe, expect, it } from 'vitest';
import {
  deviceDownFilter,
  deviceMayPublish,
  deviceMaySubscribe,
  downTopic,
  MOSQUITTO_ACL_PATTERNS,
  parseTopic,
  SERVER_UP_FILTER,
  sharedUpFilter,
  upTopic,
} from './topics';

const SN = 'NL0123456789ABCDEF';

describe('topic layout', () => {
  it('builds up and down topics under the device serial', () => {
    expect(upTopic(SN, 'state')).toBe(`netloom/v1/${SN}/up/state`);
    expect(downTopic(SN, 'config')).toBe(`netloom/v1/${SN}/down/config`);
  });

  it('refuses serials that are not 16–32 letters or digits', () => {
    expect(() => upTopic('short', 'state')).toThrow(/serial/);
    expect(() => upTopic('NL0123456789ABC+#', 'state')).toThrow(/serial/);
  });

  it('parses only topics of the layout', () => {
    expect(parseTopic(`netloom/v1/${SN}/up/telemetry`)).toEqual({
      sn: SN,
      direction: 'up',
      message: 'telemetry',
    });
    expect(parseTopic(`netloom/v2/${SN}/up/telemetry`)).toBeNull();
    expect(parseTopic(`netloom/v1/${SN}/sideways/telemetry`)).toBeNull();
    expect(parseTopic(`netloom/v1/${SN}/up`)).toBeNull();
    expect(parseTopic(`netloom/v1/bad/up/state`)).toBeNull();
    // Exactly five levels, none of them empty where the layout names something.
    expect(parseTopic(`netloom/v1/${SN}/up/state/extra`)).toBeNull();
    expect(parseTopic(`netloom/v1/${SN}/up/`)).toBeNull();
    expect(parseTopic(`netloom/v1//up/state`)).toBeNull();
    expect(parseTopic(`netloom/v1/${SN}//state`)).toBeNull();
    expect(parseTopic(`/netloom/v1/${SN}/up/state`)).toBeNull();
    expect(parseTopic(`netloom/v10/${SN}/up/state`)).toBeNull();
    expect(parseTopic(`netloom/v1/${SN}/down/config`)).toEqual({
      sn: SN,
      direction: 'down',
      message: 'config',
    });
  });
});

describe('device ACL', () => {
  const OTHER = 'NLFFFFFFFFFFFFFFFF';

  it('lets a device publish only under its own up topics', () => {
    expect(deviceMayPublish(SN, `netloom/v1/${SN}/up/state`)).toBe(true);
    expect(deviceMayPublish(SN, `netloom/v1/${SN}/up/futureMessage`)).toBe(true);
    expect(deviceMayPublish(SN, `netloom/v1/${OTHER}/up/state`)).toBe(false);
    expect(deviceMayPublish(SN, `netloom/v1/${SN}/down/command`)).toBe(false);
    expect(deviceMayPublish(SN, `netloom/v1/${SN}/up/state/deeper`)).toBe(false);
    expect(deviceMayPublish(SN, `netloom/v2/${SN}/up/state`)).toBe(false);
    expect(deviceMayPublish(SN, `netloom/v1/${SN.toLowerCase()}/up/state`)).toBe(false);
  });

  it('lets a device subscribe only to its own down topics', () => {
    expect(deviceMaySubscribe(SN, deviceDownFilter(SN))).toBe(true);
    expect(deviceMaySubscribe(SN, `netloom/v1/${SN}/down/+`)).toBe(true);
    expect(deviceMaySubscribe(SN, `netloom/v1/${SN}/down/config`)).toBe(true);
    for (const filter of [
      `netloom/v1/${OTHER}/down/#`,
      `netloom/v1/+/down/#`,
      'netloom/#',
      '#',
      `netloom/v1/${SN}/#`,
      `netloom/v1/${SN}/up/#`,
      `netloom/v1/${SN}/down/unknown`,
      `$share/g/netloom/v1/${SN}/down/#`,
    ]) {
      expect(deviceMaySubscribe(SN, filter), filter).toBe(false);
    }
    expect(deviceMaySubscribe('bad', 'netloom/v1/bad/down/#')).toBe(false);
  });

  it('gives the server a plain and a shared subscription to every up topic', () => {
    expect(SERVER_UP_FILTER).toBe('netloom/v1/+/up/#');
    expect(sharedUpFilter()).toBe('$share/netloom/netloom/v1/+/up/#');
    expect(() => sharedUpFilter('a/b')).toThrow();
    expect(MOSQUITTO_ACL_PATTERNS).toEqual([
      'pattern write netloom/v1/%u/up/#',
      'pattern read netloom/v1/%u/down/#',
    ]);
  });
});

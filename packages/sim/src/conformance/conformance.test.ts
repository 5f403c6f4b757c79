import {
  decodeDown,
  deriveDeviceSecret,
  deviceDownFilter,
  lastWill,
  PROTOCOL_EXAMPLES,
  type UpMessage,
  upTopic,
} from '@netloom/protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFleet } from '../fleet';
import { type ConformanceReport, formatReport, runConformance } from './kit';
import { embeddedObserver, type Observer } from './observe';

const KEY = 'conformance-test-provisioning-key-0123';

let observer: Observer;
beforeAll(async () => {
  observer = await embeddedObserver({ port: 0, key: KEY });
});
afterAll(async () => {
  await observer.close();
});

const failed = (r: ConformanceReport) => [
  ...new Set(r.checks.filter((c) => c.status === 'fail').map((c) => c.clause)),
];

describe('the simulator', () => {
  it('passes every clause as a gateway, a switch and an access point', { timeout: 60_000 }, async () => {
    // The office plan of four: gateway NL-G500, switches NL-S108P and NL-S116P, access point NL-A3000C.
    const sns = ['CONFGW0000000001', 'CONFSW0000000001', 'CONFSW0000000002', 'CONFAP0000000001'];
    const judged = [sns[0], sns[1], sns[3]].filter((sn) => sn !== undefined);
    const fleet = createFleet({
      url: observer.url,
      provisioningKey: KEY,
      sns,
      seed: 7,
      rampMs: 0,
      churnPerHour: 0,
      eventsPerHour: 0,
      minRealIntervalMs: 200,
      configReplyDelayMs: 0,
      validate: true,
      rebootMs: 200,
    });
    // The gateway is also rebooted (--reboot): back in 200 simulated ms with a new bootId.
    const runs = judged.map((sn, i) =>
      runConformance(observer, { sn, timeoutMs: 10_000, totalMs: 45_000, reboot: i === 0 }),
    );
    fleet.start();
    try {
      const reports = await Promise.all(runs);
      for (const r of reports) {
        expect(failed(r), formatReport(r)).toEqual([]);
        // The commands each kind advertises were run, not skipped.
        expect(r.checks.filter((c) => c.clause.startsWith('§7.2 ')).length, formatReport(r)).toBeGreaterThan(
          0,
        );
      }
      const clauses = new Set(reports.flatMap((r) => r.checks.map((c) => c.clause)));
      for (const c of [
        '§1',
        '§2',
        '§3',
        '§4 step 2',
        '§6.1',
        '§6.2',
        '§6.3',
        '§7.1 rule 1',
        '§7.1 rule 2',
        '§7.1 rule 3',
        '§8',
      ])
        expect(clauses).toContain(c);
      expect(clauses).toContain('§7.2 routeTable');
      expect(clauses).toContain('§7.2 scan');
      expect(clauses).toContain('§7.2 reboot');
      expect(clauses).toContain('§4 step 7');
    } finally {
      await fleet.stop();
    }
  });
});

/** What a raw test firmware gets wrong on purpose. */
interface Faults {
  stateWithout?: 'memory';
  stateQos0?: boolean;
  stateNotRetained?: boolean;
  goesBack?: boolean;
  foreignTopic?: boolean;
}

/**
 * A small firmware written from the protocol page with a plain MQTT client: right unless told which
 * fault to have.
 */
async function rawDevice(sn: string, faults: Faults = {}) {
  let configVersion = 0;
  const results = new Map<number, object>();
  const will = lastWill(sn);
  const client = await mqtt.connectAsync(observer.url, {
    clientId: sn,
    username: sn,
    password: deriveDeviceSecret(KEY, sn),
    keepalive: 60,
    clean: true,
    reconnectPeriod: 0,
    will: { topic: will.topic, payload: Buffer.from(will.payload), qos: will.qos, retain: will.retain },
  });
  const send = (m: UpMessage, body: object, qos: 0 | 1 = 1, retain = false) =>
    client.publishAsync(upTopic(sn, m), JSON.stringify({ v: 1, ts: Date.now(), ...body }), { qos, retain });
  const { v: _v, ts: _ts, ...example } = PROTOCOL_EXAMPLES.state;
  const sendState = () => {
    const body: Record<string, unknown> = { ...example, uplink: null, configVersion };
    if (faults.stateWithout) delete body[faults.stateWithout];
    return send('state', body, faults.stateQos0 ? 0 : 1, !faults.stateNotRetained);
  };
  client.on('message', (topic, payload) => {
    const msg = decodeDown(topic, new Uint8Array(payload));
    if (!msg.ok) return;
    if (msg.message === 'config') {
      const { version, document } = msg.data;
      if (version < configVersion && !faults.goesBack) return;
      const earlier = results.get(version);
      if (earlier) {
        void send('configResult', earlier);
        return;
      }
      const result =
        document.time?.zone === 'UTC'
          ? { version, ok: true }
          : { version, ok: false, code: 400, message: 'unknown zone' };
      results.set(version, result);
      if (result.ok) configVersion = version;
      void send('configResult', result).then(() => (result.ok ? sendState() : undefined));
    } else if (msg.message === 'command') {
      const c = msg.data;
      if (c.expiresAt < Date.now()) return;
      if (c.name === 'locate')
        void send('reply', { id: c.id, ok: true, result: { until: Date.now() + 60_000 } });
      else void send('reply', { id: c.id, ok: false, code: 913 });
    }
  });
  await client.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
  const { v: _hv, ts: _hts, ...hello } = PROTOCOL_EXAMPLES.hello;
  await send('hello', { ...hello, capabilities: ['locate'], configVersion });
  if (faults.foreignTopic)
    await client.publishAsync('netloom/v1/SOMEONEELSE00001/up/state', '{}', { qos: 1 });
  await sendState();
  await send('telemetry', { txBytes: 0, rxBytes: 0, txRate: 0, rxRate: 0, clients: 0 }, 0);
  return { close: () => client.endAsync() };
}

async function judge(sn: string, faults: Faults): Promise<ConformanceReport> {
  const run = runConformance(observer, { sn, timeoutMs: 5_000, totalMs: 40_000 });
  const device = await rawDevice(sn, faults);
  try {
    return await run;
  } finally {
    await device.close();
  }
}

describe('a device written from the page', { timeout: 30_000 }, () => {
  it('passes when it follows it', async () => {
    const r = await judge('CONFRAW000000001', {});
    expect(failed(r), formatReport(r)).toEqual([]);
  });

  // Its state is never valid: the two waits for it run out (5 s each), so this one takes longer.
  it('fails §6.2 without a required state field', { timeout: 45_000 }, async () => {
    const r = await judge('CONFRAW000000002', { stateWithout: 'memory' });
    expect(failed(r), formatReport(r)).toContain('§6.2');
    expect(r.checks.find((c) => c.clause === '§6.2' && c.status === 'fail')?.detail).toMatch(/memory/);
  });

  it('fails §8 when state is QoS 0, and when it is not retained', async () => {
    const q = await judge('CONFRAW000000003', { stateQos0: true });
    expect(failed(q), formatReport(q)).toEqual(['§8']);
    expect(q.checks.find((c) => c.status === 'fail')?.title).toMatch(/`state`/);
    const r = await judge('CONFRAW000000004', { stateNotRetained: true });
    expect(failed(r), formatReport(r)).toEqual(['§8']);
  });

  it('fails §7.1 rule 1 when it goes back to a stale version', async () => {
    const r = await judge('CONFRAW000000005', { goesBack: true });
    expect(failed(r), formatReport(r)).toEqual(['§7.1 rule 1']);
  });

  it('fails §3 when it publishes on another device’s topic', async () => {
    const r = await judge('CONFRAW000000006', { foreignTopic: true });
    expect(failed(r), formatReport(r)).toEqual(['§3']);
  });
});

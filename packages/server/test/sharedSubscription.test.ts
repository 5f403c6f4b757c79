import { PROTOCOL_EXAMPLES } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Dispatcher } from '../src/gateway/dispatch';
import { createDevicePlane, type DevicePlane } from '../src/gateway/plane';
import { systemClock } from '../src/lib/clock';
import { buildProject, signedInUser } from './factories';
import {
  claimDevice,
  connectDevice,
  devicePublish,
  type Mosquitto,
  mosquittoAvailable,
  startMosquitto,
  TEST_KEY,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import { describeEachDb, useTestApp } from './harness';

if (!mosquittoAvailable)
  throw new Error('these tests need /usr/sbin/mosquitto with the dynamic-security plugin');

const DEVICES = 12;
/** Per device; under the protocol's rate limit (bursts of 60) so nothing is dropped for flooding. */
const MESSAGES = 8;

/** Records which telemetry messages (device SN + sequence in txBytes) a node handled. */
function recordTelemetry(dispatcher: Dispatcher): string[] {
  const seen: string[] = [];
  dispatcher.onMessage('telemetry', (ctx, d) => {
    seen.push(`${ctx.sn}#${d.txBytes}`);
  });
  return seen;
}

describeEachDb('shared subscriptions: two server nodes on the external broker', (kind) => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(async () => broker?.stop());
  const get = useTestApp(kind, () => ({ env: { MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY } }));

  it('splits device telemetry: each message is handled by exactly one node, and both nodes get some', async () => {
    const t = get();
    const { client } = await signedInUser(t);
    const projectId = (await client.post<{ id: number }>('/api/projects', buildProject())).body.data?.id ?? 0;
    const sns = Array.from({ length: DEVICES }, () => uniqueSn('NLH'));
    for (const sn of sns) await claimDevice(t, projectId, sn);
    // Node 2 shares the database; at start it loads the claimed devices and provisions them.
    const node2: DevicePlane = createDevicePlane(
      loadConfig({ MQTT_URL: broker.adminUrl, PROVISIONING_KEY: TEST_KEY, LOG_LEVEL: 'silent' }),
      { db: t.database.db, logger: pino({ level: 'silent' }), clock: systemClock },
    );
    await node2.start();
    const devices: MqttClient[] = [];
    try {
      expect(node2.gateway.stats().mode).toBe('external');
      const byNode1 = recordTelemetry(t.app.devicePlane.dispatcher);
      const byNode2 = recordTelemetry(node2.dispatcher);
      for (const sn of sns) devices.push(await connectDevice(broker.url, sn));
      const telemetry = (seq: number) => ({ ...PROTOCOL_EXAMPLES.telemetry, ts: Date.now(), txBytes: seq });
      for (let seq = 1; seq <= MESSAGES; seq++) {
        await Promise.all(
          sns.map((sn, i) => devicePublish(devices[i] as MqttClient, sn, 'telemetry', telemetry(seq))),
        );
      }
      const expected = sns.flatMap((sn) => Array.from({ length: MESSAGES }, (_, k) => `${sn}#${k + 1}`));
      await waitFor(() => (new Set([...byNode1, ...byNode2]).size === expected.length ? true : undefined), {
        timeoutMs: 10_000,
        what: 'every telemetry message handled by some node',
      });
      // A last message from every device, published after all the others: once each has arrived, a
      // duplicate delivery of an earlier message would have arrived too.
      await Promise.all(
        sns.map((sn, i) => devicePublish(devices[i] as MqttClient, sn, 'telemetry', telemetry(0))),
      );
      await waitFor(
        () =>
          [...byNode1, ...byNode2].filter((k) => k.endsWith('#0')).length === DEVICES ? true : undefined,
        { timeoutMs: 10_000, what: 'the closing messages' },
      );
      await Promise.all([t.app.devicePlane.dispatcher.drain(), node2.dispatcher.drain()]);

      const handled = [...byNode1, ...byNode2].filter((k) => !k.endsWith('#0'));
      expect(handled.length).toBe(expected.length); // no message handled twice…
      expect(new Set(handled)).toEqual(new Set(expected)); // …and none lost
      expect(byNode1.filter((k) => byNode2.includes(k))).toEqual([]);
      // Mosquitto hands a shared subscription's messages round-robin: both nodes carry load.
      expect(byNode1.length).toBeGreaterThan(expected.length / 4);
      expect(byNode2.length).toBeGreaterThan(expected.length / 4);
    } finally {
      await Promise.all(devices.map((d) => d.endAsync()));
      await node2.stop();
    }
  });
});

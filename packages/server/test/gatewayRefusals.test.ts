import { deviceDownFilter, downTopic, MAX_PAYLOAD_BYTES, upTopic } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MQTT_PACKET_BYTES } from '../src/gateway/packetLimit';
import { type AdmissionNode, startNode } from './admissionKit';
import { connectDevice, inbox, uniqueSn, waitFor } from './gatewayKit';

// docs/protocol.md §9.2: the same limits, and the same refusals, on TCP and on WebSocket — which
// refusals close the connection (a packet over the limit, a PUBLISH outside the ACL) and which keep
// it (a SUBSCRIBE outside the ACL, a payload over its message's cap or otherwise malformed).
describe.each(['tcp', 'websocket'] as const)('embedded broker refusals over %s', (transport) => {
  let node: AdmissionNode;
  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(async () => node?.stop());

  const url = () =>
    transport === 'tcp' ? `mqtt://127.0.0.1:${node.tcpPort}` : `ws://127.0.0.1:${node.httpPort}/mqtt`;
  const closed = (c: MqttClient) => new Promise<void>((r) => c.once('close', () => r()));

  /** A command published to the device after the refusal arrives: the connection still serves it. */
  async function stillServed(c: MqttClient, sn: string): Promise<void> {
    await c.subscribeAsync(deviceDownFilter(sn), { qos: 1 });
    const got = inbox(c);
    await node.plane.gateway.publish(sn, 'command', {
      id: 'control',
      name: 'reboot',
      args: {},
      expiresAt: Date.now() + 60_000,
    });
    await waitFor(() => (got.some((m) => m.topic === downTopic(sn, 'command')) ? true : undefined), {
      what: 'the control command',
    });
  }

  it('a SUBSCRIBE outside the ACL is refused (SUBACK 0x80) and the connection kept', async () => {
    const sn = uniqueSn('NLS');
    const c = await connectDevice(url(), sn);
    try {
      await expect(c.subscribeAsync(deviceDownFilter(uniqueSn('NLO')), { qos: 1 })).rejects.toThrow(
        /Subscribe error/,
      );
      await expect(c.subscribeAsync(upTopic(sn, 'state'), { qos: 1 })).rejects.toThrow(/Subscribe error/);
      expect(c.connected).toBe(true);
      await stillServed(c, sn);
    } finally {
      await c.endAsync(true);
    }
  });

  it('a payload over its message’s cap is acknowledged, dropped and counted; the connection kept', async () => {
    const sn = uniqueSn('NLP');
    const c = await connectDevice(url(), sn);
    try {
      const before = node.plane.gateway.stats().malformed.too_large ?? 0;
      // 100 KiB of telemetry: over its 64 KiB cap, far under the packet limit.
      await c.publishAsync(upTopic(sn, 'telemetry'), Buffer.alloc(MAX_PAYLOAD_BYTES + 36 * 1024, 0x20), {
        qos: 1,
      });
      await waitFor(
        () => ((node.plane.gateway.stats().malformed.too_large ?? 0) > before ? true : undefined),
        {
          what: 'the oversize payload counted',
        },
      );
      expect(c.connected).toBe(true);
      await stillServed(c, sn);
    } finally {
      await c.endAsync(true);
    }
  });

  it('a PUBLISH outside the ACL closes the connection', async () => {
    const sn = uniqueSn('NLA');
    const c = await connectDevice(url(), sn);
    const gone = closed(c);
    c.publish(upTopic(uniqueSn('NLB'), 'state'), JSON.stringify({ v: 1, ts: Date.now(), status: 0 }), {
      qos: 1,
    });
    await gone;
    await waitFor(() => (node.plane.gateway.isConnected(sn) ? undefined : true), { what: 'disconnected' });
    c.end(true);
  });

  it('a packet over the 1 MiB limit closes the connection, unacknowledged', async () => {
    const sn = uniqueSn('NLL');
    const c = await connectDevice(url(), sn);
    const before = node.plane.gateway.stats().admission?.oversizePackets ?? 0;
    const gone = closed(c);
    let acked = false;
    c.publish(upTopic(sn, 'telemetry'), Buffer.alloc(MAX_MQTT_PACKET_BYTES + 1, 0x20), { qos: 1 }, (err) => {
      acked = !err;
    });
    await gone;
    expect(acked).toBe(false);
    await waitFor(() => (node.plane.gateway.isConnected(sn) ? undefined : true), { what: 'disconnected' });
    // TCP: the broker's packet limit; WebSocket: the frame limit (close 1009) before it.
    if (transport === 'tcp') expect(node.plane.gateway.stats().admission?.oversizePackets).toBe(before + 1);
    c.end(true);
  });
});

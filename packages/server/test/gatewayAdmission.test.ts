import { upTopic } from '@netloom/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SERIAL_CONNECT_LIMIT } from '../src/gateway/admission';
import { MAX_MQTT_PACKET_BYTES } from '../src/gateway/packetLimit';
import {
  type AdmissionNode,
  connectCycle,
  connectPacket,
  DISCONNECT,
  linesWith,
  publishHead,
  rawDevice,
  SUBACK_BYTES,
  startNode,
  subscribePacket,
} from './admissionKit';
import { uniqueSn, waitFor } from './gatewayKit';

const MB = 1024 * 1024;
const BIG = 10 * MB;

describe('embedded broker admission: packet size, connection rate, ACL log', () => {
  let node: AdmissionNode;
  // Built once, before any memory is measured: the test's own 10 MB must not count as the server's.
  const payload = Buffer.alloc(BIG, 0x7b);

  beforeAll(async () => {
    node = await startNode();
  });
  afterAll(async () => node?.stop());

  const admission = () => {
    const a = node.plane.gateway.stats().admission;
    if (!a) throw new Error('no admission stats');
    return a;
  };

  it('closes a TCP connection whose PUBLISH announces 10 MB, before buffering it: no PUBACK, RSS stays flat', async () => {
    const sn = uniqueSn();
    const d = rawDevice(node.tcpPort, connectPacket(sn));
    expect(await d.connack).toBe(0);
    const before = admission().oversizePackets;
    const rssBefore = process.memoryUsage().rss;
    d.socket.write(publishHead(upTopic(sn, 'telemetry'), BIG));
    d.socket.write(payload);
    // Closed, or (without the limit) PUBACKed after the whole packet was buffered.
    await Promise.race([
      d.closed,
      waitFor(() => (d.received().length > 4 ? true : undefined), { timeoutMs: 20_000 }),
    ]);
    const grown = process.memoryUsage().rss - rssBefore;
    // Before the limit aedes buffered the whole packet (RSS +44 MB) and PUBACKed it.
    expect(grown).toBeLessThan(4 * MB);
    expect(d.received().length).toBe(4); // the CONNACK, nothing after it
    expect(admission().oversizePackets).toBe(before + 1);
    expect(node.plane.gateway.isConnected(sn)).toBe(false);
    const logged = linesWith(node.lines, 'MQTT packet larger than the limit');
    expect(logged.at(-1)).toMatchObject({ sn, bytes: expect.any(Number), maxBytes: MAX_MQTT_PACKET_BYTES });
  });

  it('takes a packet of exactly the limit and refuses one byte more', async () => {
    const sn = uniqueSn();
    const topic = upTopic(sn, 'telemetry');
    const fits = MAX_MQTT_PACKET_BYTES - publishHead(topic, 0).length - 2; // 2: the length grows a byte
    const ok = rawDevice(node.tcpPort, connectPacket(sn));
    expect(await ok.connack).toBe(0);
    const head = publishHead(topic, fits);
    expect(head.length + fits).toBeLessThanOrEqual(MAX_MQTT_PACKET_BYTES);
    ok.socket.write(Buffer.concat([head, payload.subarray(0, fits)]));
    // PUBACK (0x40) of packet 1: the packet was read whole (then dropped as malformed JSON, §11).
    await waitFor(() => (ok.received().subarray(4).includes(0x40) ? true : undefined), { what: 'PUBACK' });
    ok.socket.destroy();
    await ok.closed;

    const sn2 = uniqueSn();
    const over = rawDevice(node.tcpPort, connectPacket(sn2));
    expect(await over.connack).toBe(0);
    const before = admission().oversizePackets;
    const tooBig = MAX_MQTT_PACKET_BYTES - publishHead(upTopic(sn2, 'telemetry'), 0).length;
    over.socket.write(publishHead(upTopic(sn2, 'telemetry'), tooBig)); // the header alone is enough
    await over.closed;
    expect(admission().oversizePackets).toBe(before + 1);
  });

  it('applies the same limit to MQTT over WebSocket, across frames', async () => {
    const sn = uniqueSn();
    const ws = new WebSocket(`ws://127.0.0.1:${node.httpPort}/mqtt`, 'mqtt');
    const received: Buffer[] = [];
    ws.on('message', (d: Buffer) => received.push(d));
    const closed = new Promise<void>((r) => ws.on('close', () => r()));
    ws.on('error', () => {});
    await new Promise<void>((r) => ws.on('open', () => r()));
    ws.send(connectPacket(sn));
    await waitFor(() => (received.length > 0 ? true : undefined), { what: 'CONNACK over WebSocket' });
    const before = admission().oversizePackets;
    // Every frame is under the WebSocket limit; the packet they carry is 10 MB.
    ws.send(publishHead(upTopic(sn, 'telemetry'), BIG));
    for (let at = 0; at < 3 * MB && ws.readyState === WebSocket.OPEN; at += MB / 2) {
      ws.send(payload.subarray(at, at + MB / 2));
    }
    await closed;
    expect(Buffer.concat(received)).toHaveLength(4);
    expect(admission().oversizePackets).toBe(before + 1);
  });

  it('refuses a serial number cycling 200 connections as fast as it can with CONNACK 3', async () => {
    const sn = uniqueSn();
    const before = admission().refusedSerialRate;
    const started = performance.now();
    const codes: (number | null)[] = [];
    for (let i = 0; i < 200; i++) codes.push(await connectCycle(node.tcpPort, sn));
    const seconds = (performance.now() - started) / 1000;
    const accepted = codes.filter((c) => c === 0).length;
    const refused = codes.filter((c) => c === 3).length;
    // The burst, plus what the rate refilled while the loop ran (it is quick, but not instant).
    const refill = Math.ceil((seconds * SERIAL_CONNECT_LIMIT.perMinute) / 60);
    expect(accepted).toBeGreaterThanOrEqual(SERIAL_CONNECT_LIMIT.burst);
    expect(accepted).toBeLessThanOrEqual(SERIAL_CONNECT_LIMIT.burst + refill);
    expect(refused).toBe(200 - accepted);
    expect(admission().refusedSerialRate).toBe(before + refused);
    // Refusals are logged once per device per minute, not 180 times.
    expect(linesWith(node.lines, 'connecting too often').filter((l) => l.sn === sn)).toHaveLength(1);
    // Another device is not affected, nor is this one's secret check: a wrong secret is still code 4.
    expect(await connectCycle(node.tcpPort, uniqueSn())).toBe(0);
    expect(await connectCycle(node.tcpPort, sn, 'wrong-secret')).toBe(4);
  });

  it('logs 500 refused subscribes of one device as one line, and the count of the rest when it leaves', async () => {
    const sn = uniqueSn();
    const d = rawDevice(node.tcpPort, connectPacket(sn));
    expect(await d.connack).toBe(0);
    const deniedBefore = node.plane.gateway.stats().aclDenied;
    const own = () => linesWith(node.lines, 'ACL').filter((l) => l.sn === sn);
    d.socket.write(
      Buffer.concat(
        Array.from({ length: 500 }, (_, i) => subscribePacket(`netloom/v1/OTHER${i}/down/#`, i + 1)),
      ),
    );
    const subacks = await waitFor(
      () => {
        const r = d.received().subarray(4);
        return r.length >= 500 * SUBACK_BYTES ? r : undefined;
      },
      { what: '500 SUBACKs' },
    );
    // Every one refused (0x80), the connection kept.
    for (let i = 0; i < 500; i++) expect(subacks[i * SUBACK_BYTES + 4]).toBe(0x80);
    expect(node.plane.gateway.stats().aclDenied).toBe(deniedBefore + 500);
    expect(own()).toHaveLength(1);
    d.socket.end(DISCONNECT);
    await d.closed;
    await waitFor(() => (own().length === 2 ? true : undefined), { what: 'the summary line' });
    // Two lines for 500 refusals (before: 500 lines, 0.43 s of logging), none of them lost.
    expect(own()[1]).toMatchObject({ suppressed: 499 });
  });
});

describe('embedded broker admission: per-address rate (MQTT_CONNECTS_PER_ADDRESS)', () => {
  let node: AdmissionNode;
  beforeAll(async () => {
    // 2 a second, bursts of 40: small enough to meet in a test.
    node = await startNode({ MQTT_CONNECTS_PER_ADDRESS: '2' });
  });
  afterAll(async () => node?.stop());

  it('refuses CONNECTs from one address beyond its burst with CONNACK 3, before checking secrets', async () => {
    const started = performance.now();
    const codes: (number | null)[] = [];
    // Different devices, half of them with a wrong secret: the address limit counts every attempt.
    for (let i = 0; i < 80; i++) {
      codes.push(await connectCycle(node.tcpPort, uniqueSn(), i % 2 ? 'wrong-secret' : undefined));
    }
    const seconds = (performance.now() - started) / 1000;
    const refused = codes.filter((c) => c === 3).length;
    const answered = codes.filter((c) => c === 0 || c === 4).length;
    expect(answered).toBeGreaterThanOrEqual(40);
    expect(answered).toBeLessThanOrEqual(40 + Math.ceil(seconds * 2));
    expect(refused).toBe(80 - answered);
    const stats = node.plane.gateway.stats().admission;
    expect(stats?.refusedAddressRate).toBe(refused);
    expect(
      linesWith(node.lines, 'connecting too often').filter((l) => l.address === '127.0.0.1'),
    ).toHaveLength(1);
  });
});

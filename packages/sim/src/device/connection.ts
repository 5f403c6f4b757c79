/**
 * The MQTT session of one virtual device (docs/protocol.md §1): client id = user name = SN,
 * password = the derived device secret, last will = offline state; the subscription to its down
 * topics, every publication with the QoS and retain of its message, and the reconnect back-off.
 * What to say once connected, and when to connect again, is the device's (device.ts).
 */
import {
  type Body,
  deriveDeviceSecret,
  deviceDownFilter,
  encode,
  lastWill,
  MESSAGE_DELIVERY,
  PROTOCOL_VERSION,
  RECONNECT_JITTER,
  type UpMessage,
  upTopic,
} from '@netloom/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { Unit } from './unit';

/** What the session tells its device. */
export interface SessionEvents {
  /** The broker accepted the connection and the down topics are subscribed: time for `hello`. */
  subscribed(): void;
  /** A down message (on any connection this session opened and has not closed itself). */
  message(topic: string, payload: Uint8Array): void;
  /** The broker or the network closed the connection. */
  closed(): void;
}

export class Session {
  private client: MqttClient | null = null;
  private attempts = 0;
  private lastDelay = 0;
  private authRefused = false;
  private everConnected = false;
  /** Connections the broker accepted (CONNACK): losing one without a DISCONNECT fires the will. */
  private readonly accepted = new WeakSet<MqttClient>();
  private readonly secret: string;

  constructor(
    private readonly unit: Unit,
    private readonly events: SessionEvents,
  ) {
    this.secret = deriveDeviceSecret(unit.fleet.options.provisioningKey, unit.sn);
  }

  /** A connection is open and the broker has accepted it. */
  get connected(): boolean {
    return !!this.client?.connected;
  }

  /** Opens a new connection; `subscribed` follows once the broker accepted it. */
  open(): void {
    const { sn, fleet } = this.unit;
    const o = fleet.options;
    const will = lastWill(sn);
    const c = mqtt.connect(o.url, {
      clientId: sn,
      username: sn,
      password: this.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: o.keepaliveSeconds,
      reconnectPeriod: 0,
      connectTimeout: o.connectTimeoutMs,
      resubscribe: false,
      queueQoSZero: false,
      will: { topic: will.topic, payload: Buffer.from(will.payload), qos: will.qos, retain: will.retain },
    });
    this.client = c;
    c.on('connect', () => this.onConnect(c));
    c.on('message', (topic, payload) => {
      fleet.stats.received++;
      this.events.message(topic, payload);
    });
    c.on('error', (e: Error & { code?: unknown }) => {
      if (e.code === 4 || e.code === 5 || e.code === 134 || e.code === 135) {
        this.authRefused = true;
        fleet.stats.authRefusals++;
      } else fleet.stats.connectErrors++;
    });
    c.on('close', () => this.onClose(c));
  }

  private onConnect(c: MqttClient): void {
    if (this.client !== c) return;
    this.accepted.add(c);
    const stats = this.unit.fleet.stats;
    stats.connects++;
    if (this.everConnected) stats.reconnects++;
    this.everConnected = true;
    this.authRefused = false;
    c.subscribe(deviceDownFilter(this.unit.sn), { qos: 1 }, (err) => {
      if (err || this.client !== c) return;
      this.events.subscribed();
    });
  }

  private onClose(c: MqttClient): void {
    if (this.client !== c) return;
    // Closed under it after the broker accepted the session: the broker publishes the will.
    if (this.accepted.has(c)) this.unit.fleet.stats.wills++;
    this.client = null;
    c.removeAllListeners();
    c.on('error', () => {});
    c.end(true);
    this.events.closed();
  }

  /** The connection is established for good (hello acknowledged): the back-off starts over. */
  settled(): void {
    this.attempts = 0;
  }

  /** §1: 1–10 s, doubled per failure up to 60 s, ±25 % jitter; at least 60 s after an auth refusal. */
  nextDelay(): number {
    const b = this.unit.fleet.options.backoff;
    this.attempts++;
    const base =
      this.attempts === 1
        ? this.unit.rng.range(b.firstMinMs, b.firstMaxMs)
        : Math.min(b.capMs, this.lastDelay * 2);
    this.lastDelay = base;
    const jittered = base * this.unit.jitter(RECONNECT_JITTER);
    return this.authRefused ? Math.max(b.authMinMs, jittered) : jittered;
  }

  /**
   * Publishes one up message on the open connection (false when there is none, or it could not be
   * encoded). `acked` runs once the broker acknowledged it, if this connection is still the one open.
   */
  publish<M extends UpMessage>(message: M, body: Body<M>, acked?: () => void): boolean {
    const c = this.client;
    if (!c) return false;
    const done =
      acked &&
      ((e?: Error) => {
        if (!e && this.client === c) acked();
      });
    return this.publishOn(c, message, body, done);
  }

  /**
   * Publishes a payload as given, unchecked, on one of the unit's up topics: a deliberately broken
   * device (tests of the cloud's diagnostics, docs/protocol.md §7.3). Sent even while the fleet is
   * paused, so a test can pause the valid reports and keep the broken one the last word.
   */
  publishText(message: UpMessage, text: string): boolean {
    const c = this.client;
    if (!c) return false;
    const { qos, retain } = MESSAGE_DELIVERY[message];
    c.publish(upTopic(this.unit.sn, message), Buffer.from(text), { qos, retain });
    return true;
  }

  private publishOn<M extends UpMessage>(
    c: MqttClient,
    message: M,
    body: Body<M>,
    done?: (e?: Error) => void,
  ): boolean {
    const fleet = this.unit.fleet;
    if (fleet.paused) return false;
    const stats = fleet.stats;
    let payload: Buffer;
    try {
      if (fleet.options.validate) {
        const bytes = encode(message, body);
        payload = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } else payload = Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, ts: Date.now(), ...body }));
    } catch (e) {
      fleet.onError(e, this.unit.sn);
      return false;
    }
    const { qos, retain } = MESSAGE_DELIVERY[message];
    c.publish(upTopic(this.unit.sn, message), payload, { qos, retain }, done);
    stats.published++;
    stats.publishedBytes += payload.byteLength;
    stats.byMessage[message]++;
    return true;
  }

  /** Loses the connection without a word (the broker fires the will). */
  abandon(): void {
    const c = this.client;
    this.client = null;
    if (!c) return;
    if (this.accepted.has(c)) this.unit.fleet.stats.wills++;
    c.removeAllListeners();
    c.on('error', () => {});
    c.end(true);
  }

  /** Leaves cleanly after a last `state` (a restart's status 8): a DISCONNECT, so no will. */
  leave(lastState: () => Body<'state'>): void {
    const c = this.client;
    this.client = null;
    if (!c) return;
    this.publishOn(c, 'state', lastState());
    c.removeAllListeners();
    c.on('error', () => {});
    c.end(false);
  }

  /**
   * Closes for good: with `announce` (and still connected) the offline state first, then a clean
   * DISCONNECT; a broker that stops answering gets 3 s. Otherwise the connection just ends.
   */
  async close(announce: boolean): Promise<void> {
    const c = this.client;
    this.client = null;
    if (!c) return;
    c.removeAllListeners('close');
    if (announce && c.connected) {
      this.publishOn(c, 'state', { status: 0 });
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          // No DISCONNECT went out: the broker publishes the will.
          this.unit.fleet.stats.wills++;
          c.end(true);
          resolve();
        }, 3000);
        c.end(false, {}, () => {
          clearTimeout(t);
          resolve();
        });
      });
    } else {
      if (this.accepted.has(c)) this.unit.fleet.stats.wills++;
      c.end(true);
    }
  }
}

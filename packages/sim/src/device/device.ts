/**
 * One virtual device: its phases from power-on to stop, the connection sequence of
 * docs/protocol.md §4 over its MQTT session (connection.ts: credentials, last will, the reconnect
 * back-off of §1), the periodic telemetry/state/clients round, churn, restarts, cuts by the network
 * above, and commands (§7.2, handed to commands.ts). Its state is a Unit (unit.ts), which the
 * parts read and write. Timers go through the fleet's shared scheduler; nothing here calls
 * setTimeout itself.
 */
import { MESH_NODE_TYPES } from '@netloom/domain';
import type { Body, UpMessage } from '@netloom/protocol';
import type { PlannedDevice } from '../plan/types';
import type { Task } from '../scheduler';
import { handleDown } from './commands';
import { factoryReset } from './config';
import { Session } from './connection';
import { defaultCpeMode } from './cpe';
import { maybeEvents } from './events';
import { clientsBody, helloBody, stateBody, telemetryBody } from './payloads';
import { closeTunnel } from './remoteWeb';
import { updateTraffic } from './traffic';
import { type BootReason, type Cut, type FleetContext, Unit } from './unit';

export type { BootReason, DevicePhase } from './unit';

export class VirtualDevice extends Unit {
  private readonly session: Session;
  /** Down messages received between SUBACK and hello's PUBACK. */
  private early: [string, Uint8Array][] = [];
  private tickTask: Task | null = null;
  private timerTask: Task | null = null;
  private clientsTask: Task | null = null;
  private lastTickSim = 0;
  private lastClientsAt = 0;

  constructor(plan: PlannedDevice, fleet: FleetContext, seed: number) {
    super(plan, fleet, seed);
    if (plan.kind === 'cpe') this.cpeMode = defaultCpeMode(plan);
    this.session = new Session(this, {
      subscribed: () => this.hello(),
      message: (topic, payload) => {
        // A retained config or a command can arrive before hello went out: hold it until then.
        if (this.phase !== 'online') this.early.push([topic, payload]);
        else this.down(topic, payload);
      },
      closed: () => this.onClose(),
    });
  }

  /** Power on after `delayMs` real ms; the first boot happened some simulated time ago. */
  start(delayMs: number): void {
    if (this.phase !== 'idle') return;
    this.phase = 'waiting';
    const uptimeSim = this.rng.range(0.02, 1) * this.rng.pick([3_600_000, 86_400_000, 30 * 86_400_000]);
    this.boot('power', this.fleet.clock.now() - uptimeSim);
    this.timerTask = this.fleet.scheduler.after(delayMs, () => this.connect());
  }

  /** Stops for good: announces the offline state and disconnects cleanly. */
  async stop(): Promise<void> {
    const s = this.fleet.scheduler;
    s.cancel(this.tickTask);
    s.cancel(this.timerTask);
    s.cancel(this.clientsTask);
    s.cancel(this.configTask);
    const was = this.phase;
    this.phase = 'stopped';
    closeTunnel(this);
    await this.session.close(was === 'online');
  }

  private boot(reason: BootReason, atSim = this.fleet.clock.now()): void {
    this.bootId = this.rng.hex(12);
    this.bootSim = atSim;
    this.bootReason = reason;
    this.txBytes = 0;
    this.rxBytes = 0;
    this.txRate = 0;
    this.rxRate = 0;
    this.eventSeq = 0;
    if (this.model.ports.length > 1) {
      this.portBytes = new Float64Array(this.model.ports.length * 2);
      this.portRates = new Float64Array(this.model.ports.length * 2);
    }
    this.hardware.boot(this.appliedDocument?.radio ?? null);
    this.lastTickSim = this.fleet.clock.now();
  }

  private connect(): void {
    if (this.phase === 'stopped' || this.phase === 'down') return;
    if (this.cut) {
      // No link (or no power) towards the cloud: it waits until the port above comes back.
      this.phase = this.cut === 'power' ? 'down' : 'waiting';
      return;
    }
    this.phase = 'connecting';
    this.session.open();
  }

  /** Subscribed (§4): hello, then state, clients, telemetry, the held down messages and the rounds. */
  private hello(): void {
    // hello must come before anything else (§4). mqtt.js may let a QoS 0 message overtake a QoS 1
    // one right after connecting, so the rest of the sequence waits for hello's PUBACK.
    this.session.publish('hello', helloBody(this), () => {
      this.phase = 'online';
      this.session.settled();
      this.send('state', stateBody(this));
      if (this.fleet.population(this.plan.site)?.serves(this.plan.index))
        this.send('clients', clientsBody(this));
      this.send('telemetry', telemetryBody(this));
      maybeEvents(this, 0);
      for (const [topic, payload] of this.early.splice(0)) this.down(topic, payload);
      // Spread the rounds: the first tick comes at a random point of the interval (§4).
      const iv = this.fleet.options.intervalRealMs;
      this.scheduleTick(iv * (0.2 + 0.8 * this.rng.next()));
    });
  }

  private down(topic: string, payload: Uint8Array): void {
    try {
      handleDown(this, topic, payload);
    } catch (e) {
      this.fleet.onError(e, this.sn);
    }
  }

  /** The connection closed under it: it tries again after the back-off (§1). */
  private onClose(): void {
    this.early = [];
    this.fleet.scheduler.cancel(this.tickTask);
    if (this.phase === 'stopped' || this.phase === 'down') return;
    this.phase = 'waiting';
    this.timerTask = this.fleet.scheduler.after(this.session.nextDelay(), () => this.connect());
  }

  private scheduleTick(delay: number): void {
    this.fleet.scheduler.cancel(this.tickTask);
    this.tickTask = this.fleet.scheduler.after(delay, () => this.tick());
  }

  /** The periodic round: population step, counters, then telemetry, state and clients (§4 step 6). */
  private tick(): void {
    if (this.phase !== 'online') return;
    const o = this.fleet.options;
    this.scheduleTick(o.intervalRealMs);
    const now = this.fleet.clock.now();
    const dt = Math.max(0, (now - this.lastTickSim) / 1000);
    this.lastTickSim = now;
    const pop = this.fleet.population(this.plan.site);
    if (pop) {
      // A unit that lost only its cloud connection still serves its clients: "powered" counts.
      const changed = pop.advance(now, (i) => !!this.fleet.device(i)?.powered);
      this.fleet.clientsChanged(changed, this.plan.index);
    }
    updateTraffic(this, dt, pop?.activity(now) ?? 0.5);
    if (this.plan.uplink && this.plan.uplink.kind !== 'wired')
      this.uplinkRssi = Math.max(-88, Math.min(-35, Math.round(this.uplinkRssi + this.rng.gauss() * 2)));
    this.send('telemetry', telemetryBody(this));
    this.send('state', stateBody(this));
    if (pop?.serves(this.plan.index)) this.send('clients', clientsBody(this));
    maybeEvents(this, dt);
    this.maybeChurn(dt);
  }

  private maybeChurn(dt: number): void {
    const p = this.fleet.options.churnPerHour * (dt / 3600);
    if (p <= 0 || !this.rng.chance(p)) return;
    this.fleet.stats.churnDrops++;
    // Half the drops are power cuts (a new boot), half lost connectivity (same boot, back-off).
    const powerCut = this.rng.chance(0.5);
    const offSim = this.rng.range(1, 30) * 60_000;
    this.drop(powerCut ? 'power' : 'network', offSim);
  }

  /** Loses the connection without a word (the broker fires the will). */
  private cutConnection(): void {
    this.session.abandon();
    this.fleet.scheduler.cancel(this.tickTask);
    this.fleet.scheduler.cancel(this.timerTask);
  }

  /** Goes offline abruptly (the broker fires the will) for `offSim` simulated ms. */
  drop(kind: 'power' | 'network', offSim: number): void {
    this.cutConnection();
    this.phase = kind === 'power' ? 'down' : 'waiting';
    if (kind === 'power') this.dropClients();
    this.timerTask = this.fleet.scheduler.after(this.fleet.clock.toReal(offSim), () => {
      if (this.phase === 'stopped') return;
      if (kind === 'power') this.boot('power');
      this.phase = 'waiting';
      this.connect();
    });
  }

  /** A clean restart (reboot/reset command, after its reply): status 8, DISCONNECT, boot later. */
  restart(
    reason: 'reboot' | 'reset' | 'upgrade',
    offSim = this.fleet.options.rebootSimMs * this.jitter(0.25),
  ): void {
    this.fleet.scheduler.cancel(this.tickTask);
    this.fleet.scheduler.cancel(this.timerTask);
    this.fleet.stats.reboots++;
    closeTunnel(this);
    this.session.leave(() => stateBody(this, 8));
    this.phase = 'down';
    this.dropClients();
    this.timerTask = this.fleet.scheduler.after(this.fleet.clock.toReal(offSim), () => {
      if (this.phase === 'stopped') return;
      if (reason === 'reset') factoryReset(this);
      this.boot(reason);
      this.phase = 'waiting';
      this.connect();
    });
  }

  /**
   * The port above changed (see links.ts): cut off → the connection drops at once (the will fires)
   * and no reconnect is tried; power cut → the unit is down and its clients gone; restored → it
   * boots (after a power cut) or renegotiates its link and DHCP, then connects again.
   */
  setCut(next: Cut): void {
    const prev = this.cut;
    if (next === prev) return;
    this.cut = next;
    if (this.phase === 'idle' || this.phase === 'stopped') return;
    const s = this.fleet.scheduler;
    if (next !== null) {
      const wasDown = this.phase === 'down';
      this.cutConnection();
      if (next === 'power') {
        this.phase = 'down';
        this.dropClients();
      } else {
        // Power is back (or never went), but the link is not: it boots and waits for a link.
        if (wasDown) this.boot('power');
        this.phase = 'waiting';
      }
      return;
    }
    const boots = prev === 'power' || this.phase === 'down';
    const offSim = boots ? this.fleet.options.rebootSimMs * this.jitter(0.25) : 3000 * this.jitter(0.25);
    s.cancel(this.timerTask);
    this.timerTask = s.after(this.fleet.clock.toReal(offSim), () => {
      if (this.phase === 'stopped' || this.cut) return;
      if (boots) this.boot('power');
      this.phase = 'waiting';
      this.connect();
    });
  }

  /**
   * What its radios broadcast changed (a configuration applied or reset): clients whose network is
   * gone leave and join another at once (a mesh primary's change reaches its secondaries), and the
   * client tables concerned are published soon.
   */
  wifiChanged(): void {
    const pop = this.fleet.population(this.plan.site);
    if (!pop) return;
    const online = (i: number) => !!this.fleet.device(i)?.powered;
    const now = this.fleet.clock.now();
    const targets =
      this.plan.meshRole === MESH_NODE_TYPES.PRIMARY
        ? this.fleet.siteDevices(this.plan.site).filter((d) => d.plan.meshRole !== undefined)
        : [this];
    const changed = new Set<number>();
    for (const t of targets) for (const i of pop.reassociate(t.plan.index, now, online)) changed.add(i);
    this.fleet.clientsChanged(changed);
  }

  private dropClients(): void {
    const pop = this.fleet.population(this.plan.site);
    if (!pop) return;
    pop.dropAll(this.plan.index);
  }

  /**
   * Publishes the client table soon after a join or leave (§4: within 5 s, at most once per 5 s —
   * or per half interval when time runs faster, so the periodic rounds stay the bulk of the traffic).
   */
  clientsSoon(): void {
    if (this.clientsTask && !this.clientsTask.cancelled) return;
    const gap = Math.min(5000, this.fleet.options.intervalRealMs / 2);
    const delay = Math.max(1000, this.lastClientsAt + gap - Date.now());
    this.clientsTask = this.fleet.scheduler.after(delay, () => {
      this.clientsTask = null;
      if (this.online) this.send('clients', clientsBody(this));
    });
  }

  /** Publishes a payload as given, unchecked (a broken device for tests); false when offline. */
  sendText(message: UpMessage, text: string): boolean {
    if (!this.session.connected) return false;
    return this.session.publishText(message, text);
  }

  /** Publishes one up message on the current connection; false when offline. */
  send<M extends UpMessage>(message: M, body: Body<M>): boolean {
    if (!this.session.connected || this.phase !== 'online') return false;
    const sent = this.session.publish(message, body);
    if (sent && message === 'clients') this.lastClientsAt = Date.now();
    return sent;
  }
}

/**
 * Down messages (§7): the retained `config` (handled in config.ts) and `command`s. Each command id is executed once (a
 * repeated id gets the earlier reply again), expired commands are dropped without a reply, names
 * the device does not support are answered with 913. `kickClient` takes the client off at once;
 * `reboot`/`reset` answer first, then report status 8 and go down for about a simulated minute;
 * `routeTable` answers the gateway's routing table; `scan` listens one channel sweep (at most
 * `durationMs`; scaled, capped) and answers the neighbours heard (wireless.ts); `cpeMode` switches a
 * bridge's mode (cpe.ts); `locate` blinks the LED for `args.minutes` (answered at once with the
 * moment it stops); `backup`/`restore` send and apply the configuration file (backup.ts); `formatDisk` formats an NVR disk with progress (disks.ts); `remoteWeb` opens the
 * tunnel to the device's own web page (remoteWeb.ts); a `reset` keeps the device away for §9's 3 minutes, a `reboot` about one.
 * `setManagementMode` hands the unit to local management and back (issue 15); a locally managed unit
 * answers every other command with 76.
 */
import {
  ERR,
  LOCATE_MAX_MINUTES,
  LOCATE_MIN_MINUTES,
  MANAGEMENT_MODES,
  REBOOT_SECONDS,
  RESET_SECONDS,
} from '@netloom/domain';
import {
  type Body,
  COMMAND_ID_MEMORY,
  type CommandMessage,
  decodeDown,
  SCAN_DURATION_MAX_MS,
  SCAN_DURATION_MIN_MS,
} from '@netloom/protocol';
import { backup, restore } from './backup';
import { receiveConfig } from './config';
import { cpeMode } from './cpe';
import { formatDisk } from './disks';
import { clientsBody, stateBody } from './payloads';
import { remoteWeb } from './remoteWeb';
import { routeTable } from './routes';
import type { Unit } from './unit';
import { upgradeFromLink } from './upgrade';
import { scanNetworks } from './wireless';

const MAC = /^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$/;
/** Commands the simulator carries out (when the model reports the capability). */
const SIMULATED = new Set([
  'reboot',
  'reset',
  'kickClient',
  'poeReboot',
  'upgrade',
  'routeTable',
  'scan',
  'cpeMode',
  'locate',
  'backup',
  'restore',
  'formatDisk',
  'remoteWeb',
  'setManagementMode',
]);
const BANDS = ['2.4G', '5G', '6G'] as const;
/** A scan listens 3 s unless told; real ms are capped so a slow simulated clock stays testable. */
const SCAN_DEFAULT_MS = 3_000;
const SCAN_REAL_CAP_MS = 5_000;
/**
 * Simulated ms one sweep of every channel takes: a scan answers once its sweep is complete, even
 * when it was allowed longer (`durationMs` is the most it listens, docs/protocol.md §7.2).
 */
export const SCAN_SWEEP_MS = 3_000;

export function handleDown(d: Unit, topic: string, payload: Uint8Array): void {
  const msg = decodeDown(topic, payload);
  if (!msg.ok || msg.sn !== d.sn) return;
  if (msg.message === 'config') receiveConfig(d, msg.data);
  else if (msg.message === 'command') handleCommand(d, msg.data);
  // A `diagnostic` (§7.3) says why the cloud dropped a message: the simulator sends none it drops.
}

function reply(d: Unit, body: Body<'reply'>): void {
  d.replies.set(body.id, body);
  while (d.replies.size > COMMAND_ID_MEMORY) {
    const oldest = d.replies.keys().next().value;
    if (oldest === undefined) break;
    d.replies.delete(oldest);
  }
  d.send('reply', body);
}

export function handleCommand(d: Unit, cmd: CommandMessage): void {
  const earlier = d.replies.get(cmd.id);
  if (earlier) {
    d.send('reply', earlier);
    return;
  }
  if (d.running.has(cmd.id) || cmd.expiresAt < Date.now()) return;
  d.fleet.stats.commands++;
  // Locally managed (issue 15): the switch back is the one command the cloud may still give.
  if (d.managementMode === MANAGEMENT_MODES.LOCAL && cmd.name !== 'setManagementMode') {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.LOCAL_MODE_UNSUPPORTED,
      message: `managed locally: ${cmd.name} refused`.slice(0, 256),
    });
    return;
  }
  const supported = SIMULATED.has(cmd.name) && (d.model.capabilities as readonly string[]).includes(cmd.name);
  if (!supported) {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.DEVICE_OPERATION_UNSUPPORTED,
      message: `${cmd.name} is not supported`.slice(0, 256),
    });
    return;
  }
  switch (cmd.name) {
    case 'kickClient':
      kickClient(d, cmd);
      return;
    case 'reboot':
      d.send('progress', { id: cmd.id, stage: 'rebooting', percent: 50 });
      reply(d, { id: cmd.id, ok: true });
      d.restart('reboot');
      return;
    case 'reset':
      d.send('progress', { id: cmd.id, stage: 'resetting', percent: 50 });
      reply(d, { id: cmd.id, ok: true });
      // §9: a reset takes 3 minutes, against a reboot's one (scaled like the reboot's own time).
      d.restart('reset', (d.fleet.options.rebootSimMs * RESET_SECONDS) / REBOOT_SECONDS);
      return;
    case 'locate':
      locate(d, cmd);
      return;
    case 'poeReboot':
      poeReboot(d, cmd);
      return;
    case 'upgrade':
      // The console's upgrade carries a signed download link (upgrade.ts); without one, the
      // simulator's own firmware list stands in (older tests and tools).
      if (typeof cmd.args.url === 'string') upgradeFromLink(d, cmd, (body) => reply(d, body));
      else upgrade(d, cmd);
      return;
    case 'routeTable':
      reply(d, { id: cmd.id, ok: true, result: { routes: routeTable(d) } });
      return;
    case 'scan':
      scan(d, cmd);
      return;
    case 'cpeMode':
      cpeMode(d, cmd, (body) => reply(d, body));
      return;
    case 'backup':
      backup(d, cmd, (body) => reply(d, body));
      return;
    case 'restore':
      restore(d, cmd, (body) => reply(d, body));
      return;
    case 'formatDisk':
      formatDisk(d, cmd, (body) => reply(d, body));
      return;
    case 'remoteWeb':
      remoteWeb(d, cmd, (body) => reply(d, body));
      return;
    case 'setManagementMode':
      setManagementMode(d, cmd);
      return;
  }
}

/**
 * Cloud (1) or local (2) management (docs/protocol.md §7.2 "Management mode"): switch, keep it
 * (the unit's field outlives restarts), answer, then report the mode in a full state at once.
 */
function setManagementMode(d: Unit, cmd: CommandMessage): void {
  const mode = cmd.args.mode;
  if (mode !== MANAGEMENT_MODES.CLOUD && mode !== MANAGEMENT_MODES.LOCAL) {
    reply(d, { id: cmd.id, ok: false, code: ERR.INVALID_PARAMETERS, message: 'args.mode must be 1 or 2' });
    return;
  }
  d.managementMode = mode;
  reply(d, { id: cmd.id, ok: true });
  d.send('state', stateBody(d));
}

/** Blink the LED for `args.minutes`; the answer says until when (the LED itself is not on the wire). */
function locate(d: Unit, cmd: CommandMessage): void {
  const minutes = cmd.args.minutes;
  if (
    typeof minutes !== 'number' ||
    !Number.isInteger(minutes) ||
    minutes < LOCATE_MIN_MINUTES ||
    minutes > LOCATE_MAX_MINUTES
  ) {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: `args.minutes must be ${LOCATE_MIN_MINUTES}–${LOCATE_MAX_MINUTES}`,
    });
    return;
  }
  d.locateUntil = d.fleet.clock.now() + minutes * 60_000;
  reply(d, { id: cmd.id, ok: true, result: { until: d.locateUntil } });
}

function kickClient(d: Unit, cmd: CommandMessage): void {
  const mac = cmd.args.mac;
  if (typeof mac !== 'string' || !MAC.test(mac)) {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: 'args.mac must be a MAC address',
    });
    return;
  }
  const pop = d.fleet.population(d.plan.site);
  const kicked = pop?.kick(d.plan.index, mac, d.fleet.clock.now()) ?? false;
  // Either way the client is not connected now, which is what the command asks for.
  reply(d, kicked ? { id: cmd.id, ok: true } : { id: cmd.id, ok: true, message: 'client was not connected' });
  if (kicked) d.send('clients', clientsBody(d));
}

function scan(d: Unit, cmd: CommandMessage): void {
  const { band, durationMs } = cmd.args;
  const bandOk = band === undefined || (BANDS as readonly unknown[]).includes(band);
  const duration = durationMs ?? SCAN_DEFAULT_MS;
  if (
    !bandOk ||
    typeof duration !== 'number' ||
    !Number.isInteger(duration) ||
    duration < SCAN_DURATION_MIN_MS ||
    duration > SCAN_DURATION_MAX_MS
  ) {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: `args.band must be 2.4G, 5G or 6G and args.durationMs ${SCAN_DURATION_MIN_MS}–${SCAN_DURATION_MAX_MS}`,
    });
    return;
  }
  d.running.add(cmd.id);
  d.send('progress', { id: cmd.id, stage: 'scanning', percent: 0 });
  const wait = Math.min(SCAN_REAL_CAP_MS, d.fleet.clock.toReal(Math.min(duration, SCAN_SWEEP_MS)));
  d.fleet.scheduler.after(wait, () => {
    d.running.delete(cmd.id);
    if (!d.online) return;
    const networks = scanNetworks(d, band as (typeof BANDS)[number] | undefined);
    reply(d, { id: cmd.id, ok: true, result: { networks } });
  });
}

function poeReboot(d: Unit, cmd: CommandMessage): void {
  const port = cmd.args.port;
  const spec = typeof port === 'number' ? d.model.ports[port - 1] : undefined;
  if (spec?.poe !== 'out') {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: 'args.port must be a PoE port',
    });
    return;
  }
  d.running.add(cmd.id);
  d.send('progress', { id: cmd.id, stage: 'reboot', percent: 10 });
  const child = d.plan.children.map((i) => d.fleet.device(i)).find((c) => c?.plan.uplink?.port === port);
  const powered = child && child.plan.poeWatts > 0 ? child : undefined;
  if (powered) powered.drop('power', d.fleet.options.rebootSimMs);
  const step = (ms: number, fn: () => void) => d.fleet.scheduler.after(ms, fn);
  step(300, () => {
    d.send('progress', { id: cmd.id, stage: 'rebooting', percent: 50 });
    step(700, () => {
      d.running.delete(cmd.id);
      d.send('progress', { id: cmd.id, stage: 'rebooted', percent: 100 });
      reply(d, { id: cmd.id, ok: true });
    });
  });
}

/**
 * Firmware upgrade without a download link (tools and older tests; the console always sends one,
 * upgrade.ts): `args.version` when it is a firmware of the model, else the newest. Stages waiting → downloading → upgrading → restarting,
 * each a few simulated seconds, then the reply, status 8, and a reboot into the new firmware.
 */
function upgrade(d: Unit, cmd: CommandMessage): void {
  const wanted = cmd.args.version;
  const versions = d.model.firmwareVersions;
  const target = typeof wanted === 'string' && versions.includes(wanted) ? wanted : versions.at(-1);
  if (typeof wanted === 'string' && wanted !== target) {
    reply(d, {
      id: cmd.id,
      ok: false,
      code: ERR.FIRMWARE_MODEL_MISMATCH,
      message: `no firmware ${wanted} for ${d.model.model}`.slice(0, 256),
    });
    return;
  }
  d.running.add(cmd.id);
  const stages: [string, number][] = [
    ['waiting', 0],
    ['downloading', 30],
    ['downloading', 60],
    ['upgrading', 80],
    ['restarting', 95],
  ];
  const stepMs = Math.max(100, d.fleet.clock.toReal(5_000));
  const next = (i: number) => {
    if (!d.online) {
      d.running.delete(cmd.id);
      return;
    }
    const stage = stages[i];
    if (!stage) {
      d.running.delete(cmd.id);
      reply(d, { id: cmd.id, ok: true });
      if (target) d.firmwareVersion = target;
      d.restart('upgrade');
      return;
    }
    d.send('progress', { id: cmd.id, stage: stage[0], percent: stage[1] });
    d.fleet.scheduler.after(stepMs, () => next(i + 1));
  };
  next(0);
}

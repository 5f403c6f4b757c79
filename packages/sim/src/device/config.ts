/**
 * The retained `config` (docs/protocol.md §7.1) handled like firmware would: a lower version is a
 * stale copy and ignored; a version already processed is answered again with the very same
 * `configResult` and never applied twice (both are counted); a greater version waits the fleet's
 * apply delay, is validated whole against this unit's own hardware and run-time state (the domain's
 * rules with a context built from the device: its model, its settings in force, the ports with a
 * link now, the address its WAN got by DHCP) and is then applied entirely — `configResult ok`,
 * `state` with the new `configVersion` at once, event `config_applied` — or not at all —
 * `configResult` with the §8 code of the first problem, event `config_failed`, old configuration
 * and version kept. Every apply is recorded on the unit (version, content hash, whether it was the
 * content already in force), so a test sees what the device really did, not only where it ended.
 */
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type DeviceConfigDocument,
  ERR,
  isTimeZone,
  MANAGEMENT_MODES,
  MESH_NODE_TYPES,
  type NetworkSettings,
  networkSettingsIssues,
  type SwitchSettings,
  switchSettingsIssues,
} from '@netloom/domain';
import type { Body, ConfigMessage } from '@netloom/protocol';
import { defaultCpeMode } from './cpe';
import { pushEvent } from './events';
import { propagateLinks } from './links';
import { linkedPorts, stateBody } from './payloads';
import type { Unit } from './unit';
import { isGateway, liveWan, wanPorts } from './wan';
import { wifiProblem } from './wireless';

/** Results remembered per device, newest last (a redelivery is always of a recent version). */
const RESULT_MEMORY = 16;

interface Problem {
  code: number;
  message: string;
}

export function receiveConfig(d: Unit, msg: ConfigMessage): void {
  const { version } = msg;
  if (version < d.configVersion) {
    d.configStale++;
    d.fleet.stats.configStale++;
    return;
  }
  const earlier = d.configResults.get(version);
  if (earlier || version === d.configVersion) {
    // A duplicate delivery (QoS 1 redelivery, the cloud resending after a restart): same answer.
    d.configRedeliveries++;
    d.fleet.stats.configDuplicates++;
    d.send('configResult', earlier ?? { version, ok: true });
    return;
  }
  if (d.pendingConfig && d.pendingConfig.version >= version) return;
  d.pendingConfig = msg;
  const delay = d.fleet.options.configReplyRealMs;
  if (delay <= 0) processPending(d);
  else if (!d.configTask || d.configTask.cancelled)
    d.configTask = d.fleet.scheduler.after(delay, () => {
      d.configTask = null;
      processPending(d);
    });
}

function processPending(d: Unit): void {
  const msg = d.pendingConfig;
  d.pendingConfig = null;
  // Gone offline meanwhile: the broker delivers the retained copy again on reconnect.
  if (!msg || !d.online || msg.version <= d.configVersion) return;
  const problem = firstProblem(d, msg.document);
  const stats = d.fleet.stats;
  if (problem) {
    const result: Body<'configResult'> = {
      version: msg.version,
      ok: false,
      code: problem.code,
      message: problem.message.slice(0, 256),
    };
    remember(d, result);
    stats.configRefused++;
    d.send('configResult', result);
    pushEvent(
      d,
      'alarm',
      'warning',
      'config_failed',
      `Configuration version ${msg.version} refused: ${problem.message}`,
    );
    return;
  }
  record(d, msg);
  apply(d, msg.document);
  d.configVersion = msg.version;
  stats.configApplied++;
  const result: Body<'configResult'> = { version: msg.version, ok: true };
  remember(d, result);
  d.send('configResult', result);
  d.send('state', stateBody(d));
  pushEvent(d, 'log', 'info', 'config_applied', `Configuration version ${msg.version} applied`);
  const done = d.applies.at(-1);
  if (done) d.fleet.options.onConfigApplied?.(d.sn, done);
}

/**
 * Records an apply about to be performed: its version and content, and whether that content is the
 * document already in force (the cloud sent the same settings again under a new version).
 */
function record(d: Unit, msg: ConfigMessage): void {
  const hash = contentHash(msg.document);
  const sameContent = d.appliedDocument !== null && contentHash(d.appliedDocument) === hash;
  d.applies.push({ version: msg.version, hash, sameContent });
  if (sameContent) d.fleet.stats.configDuplicateContent++;
}

/** SHA-256 of the canonical JSON of a document: equal settings, equal hashes. */
export function contentHash(doc: DeviceConfigDocument): string {
  return createHash('sha256').update(canonicalJson(doc)).digest('hex');
}

function remember(d: Unit, result: Body<'configResult'>): void {
  d.configResults.set(result.version, result);
  while (d.configResults.size > RESULT_MEMORY) {
    const oldest = d.configResults.keys().next().value;
    if (oldest === undefined) break;
    d.configResults.delete(oldest);
  }
}

/** The first thing this unit cannot run in `doc`, or null when all of it can be applied. */
export function firstProblem(d: Unit, doc: DeviceConfigDocument): Problem | null {
  // Locally managed (issue 15): the cloud's documents are refused whole, the settings in force kept.
  if (d.managementMode === MANAGEMENT_MODES.LOCAL)
    return { code: ERR.LOCAL_MODE_UNSUPPORTED, message: 'managed locally: cloud configuration refused' };
  if (d.configStorageFault !== null) return { code: ERR.SAVE_FAILED, message: d.configStorageFault };
  if (d.plan.kind === 'mesh' && d.plan.meshRole === MESH_NODE_TYPES.SECONDARY)
    return {
      code: ERR.SECONDARY_MESH_NODE,
      message: 'a secondary mesh node takes its settings from the primary',
    };
  // A zone the unit's own zone database does not know cannot run its schedules (§7.1 `time`).
  if (doc.time && !isTimeZone(doc.time.zone))
    return { code: ERR.INVALID_PARAMETERS, message: `unknown time zone ${doc.time.zone}` };
  if (doc.network && isGateway(d.plan)) {
    const p = networkProblem(d, doc.network);
    if (p) return p;
  }
  if (doc.switching && d.model.kind === 'switch') return switchingProblem(d, doc.switching);
  return wifiProblem(d, doc);
}

function networkProblem(d: Unit, net: NetworkSettings): Problem | null {
  // The rules with what only this unit knows: the address its WAN got from the ISP at run time.
  const context = { model: d.model, previous: d.network, liveWan: liveWan(d.lease, net) };
  const issue = networkSettingsIssues(net, context)[0];
  if (issue) return { code: issue.code, message: issue.message };
  // Its own hardware: a port mapping opens ports on one of its WAN ports.
  const wans = wanPorts(d.model);
  const mapping = net.portMappings.find((m) => !wans.includes(m.wanPort));
  if (mapping)
    return {
      code: ERR.INVALID_PARAMETERS,
      message: `Port mapping ${mapping.name}: the ${d.model.model} has no WAN port ${mapping.wanPort}.`,
    };
  return null;
}

type SwitchingSection = NonNullable<DeviceConfigDocument['switching']>;

/** The rules with this unit's model, its ports with a link now and its settings in force. */
function switchingProblem(d: Unit, sw: SwitchingSection): Problem | null {
  const issue = switchSettingsIssues(sw, {
    model: d.model,
    projectVlans: [1, ...sw.vlans.map((v) => v.id)],
    portsInUse: linkedPorts(d),
    previous: appliedSwitching(d),
  })[0];
  return issue ? { code: issue.code, message: issue.message } : null;
}

/** The switch-port settings in force (null while on factory settings). */
function appliedSwitching(d: Unit): SwitchSettings | null {
  const sw = d.appliedDocument?.switching;
  if (!sw) return null;
  return { ports: [...d.portSettings.values()], dhcpSnooping: sw.dhcpSnooping, led: sw.led };
}

/** Puts a validated document in force. An absent section means the factory settings of that part. */
export function apply(d: Unit, doc: DeviceConfigDocument): void {
  d.appliedDocument = doc;
  d.ip = doc.network && isGateway(d.plan) ? doc.network.lan.ip : d.plan.ip;
  if (d.model.radios.length > 0) {
    // Radios retune at once; clients whose network is gone leave and join another.
    d.hardware.applyRadios(doc.radio ?? null);
    d.wifiChanged();
  }
  if (d.model.kind !== 'switch') return;
  // Ports the document does not list keep their settings (§7.1); no section = factory ports.
  if (!doc.switching) d.portSettings.clear();
  for (const p of doc.switching?.ports ?? []) d.portSettings.set(p.id, p);
  propagateLinks(d);
}

/** A factory reset: configuration, version, remembered results and local management are gone. */
export function factoryReset(d: Unit): void {
  d.appliedDocument = null;
  d.configVersion = 0;
  d.ip = d.plan.ip;
  d.configResults.clear();
  d.pendingConfig = null;
  d.portSettings.clear();
  d.cpeMode = defaultCpeMode(d.plan);
  d.managementMode = MANAGEMENT_MODES.CLOUD;
  d.hardware.applyRadios(null);
  d.wifiChanged();
  propagateLinks(d);
}

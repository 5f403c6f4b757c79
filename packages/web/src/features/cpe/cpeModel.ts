import {
  type CommandJobStatus,
  CPE_MODE_SWITCH_SECONDS,
  type CpeMode,
  type CpeStatus,
  ERR,
  errorMessage,
} from '@netloom/domain';
import { dbmText } from '../../components/format';

/** What the CPE section shows, pure so it is tested without a DOM. */

export const CPE_MODE_LABELS: Record<CpeMode, string> = { ap: 'AP mode', client: 'Client mode' };
/** The mode inside a sentence ("switch to AP mode", "back online in client mode"). */
export const CPE_MODE_WORDS: Record<CpeMode, string> = { ap: 'AP mode', client: 'client mode' };
export const CPE_MODE_HINTS: Record<CpeMode, string> = {
  ap: 'Broadcasts the bridge network that client-mode CPEs join.',
  client: 'Joins an uplink Wi-Fi network and bridges it to its wired port.',
};

export function otherMode(mode: CpeMode): CpeMode {
  return mode === 'ap' ? 'client' : 'ap';
}

export type BridgeTone = 'connected' | 'none' | 'offline';

/** "Bridged to Roof-AP · −58 dBm", "No bridge detected", "Device offline". */
export function bridgeStatusText(s: CpeStatus, peerName?: string | null): { tone: BridgeTone; text: string } {
  if (s.bridge === 'offline') return { tone: 'offline', text: 'Device offline' };
  if (s.bridge === 'none') return { tone: 'none', text: 'No bridge detected' };
  const peer = peerName ?? s.ssid ?? s.peerSn ?? 'a peer';
  return {
    tone: 'connected',
    text: s.rssi === null ? `Bridged to ${peer}` : `Bridged to ${peer} · ${dbmText(s.rssi)}`,
  };
}

/** A mode switch the page started: the command job and when. */
export interface ModeSwitch {
  target: CpeMode;
  commandId: string;
  startedAt: number;
  jobStatus: CommandJobStatus;
  /** The job's latest progress stage (`clearing`, `restarting`). */
  stage: string | null;
  /** §8 code when the job failed. */
  code: number | null;
}

/** After this long, the device reporting the new mode counts as done even without the job's answer. */
const CONFIRM_BY_STATE_SECONDS = 60;

export const MODE_SWITCH_STEPS = ['Send command', 'Clear bridge group', 'Restart', 'Back online'] as const;

export interface ModeSwitchProgress {
  /** Index into {@link MODE_SWITCH_STEPS}; 4 when done. */
  step: number;
  percent: number;
  state: 'running' | 'done' | 'failed';
  /** One sentence for the user. */
  text: string;
  /** Seconds left of the typical duration (null when done or failed). */
  secondsLeft: number | null;
}

/**
 * Where a mode switch stands: the job's stages (sent → clearing → restarting → answered), then the
 * wait until the device reports again in the new mode (about {@link CPE_MODE_SWITCH_SECONDS}).
 */
export function modeSwitchProgress(sw: ModeSwitch, status: CpeStatus, now: number): ModeSwitchProgress {
  const elapsed = Math.max(0, (now - sw.startedAt) / 1000);
  const secondsLeft = Math.max(0, Math.ceil(CPE_MODE_SWITCH_SECONDS - elapsed));
  if (sw.jobStatus === 'failed' || sw.jobStatus === 'expired') {
    const why =
      sw.jobStatus === 'expired'
        ? 'the device did not confirm in time.'
        : errorMessage(sw.code ?? ERR.SERVER_ERROR);
    return {
      step: 0,
      percent: 100,
      state: 'failed',
      text: `The mode switch failed: ${why}`,
      secondsLeft: null,
    };
  }
  const back = status.bridge !== 'offline' && status.mode === sw.target;
  // The answer may be missed (a reload, a purged job): a device reporting the new mode for a
  // while after the switch began has switched.
  if (back && (sw.jobStatus === 'done' || elapsed >= CONFIRM_BY_STATE_SECONDS)) {
    return {
      step: 4,
      percent: 100,
      state: 'done',
      text: `The CPE is back online in ${CPE_MODE_WORDS[sw.target]}.`,
      secondsLeft: null,
    };
  }
  // Time drives the bar between the stages the device reports, so it never stands still.
  const timeShare = Math.min(0.95, elapsed / CPE_MODE_SWITCH_SECONDS);
  if (sw.jobStatus !== 'done') {
    const step = sw.stage === 'restarting' ? 2 : sw.stage === 'clearing' ? 1 : 0;
    const floor = [2, 10, 20][step] ?? 0;
    return {
      step,
      percent: Math.max(floor, Math.round(timeShare * 100)),
      state: 'running',
      text:
        step === 0
          ? 'Sending the command to the CPE…'
          : step === 1
            ? 'Clearing the bridge group…'
            : 'The CPE is restarting…',
      secondsLeft,
    };
  }
  return {
    step: 3,
    percent: Math.max(30, Math.round(timeShare * 100)),
    state: 'running',
    text:
      secondsLeft > 0
        ? `Restarting in ${CPE_MODE_WORDS[sw.target]}; back online in about ${formatSeconds(secondsLeft)}.`
        : 'Taking longer than usual; waiting for the CPE to report…',
    secondsLeft,
  };
}

/** "1 min 20 s", "45 s". */
export function formatSeconds(s: number): string {
  const m = Math.floor(s / 60);
  const r = s % 60;
  if (m === 0) return `${r} s`;
  return r === 0 ? `${m} min` : `${m} min ${r} s`;
}

/** A network's security as advertised, for people ("Open" for none or missing). */
export function networkSecurityText(security: string | null): string {
  return !security || security === 'none' ? 'Open' : security;
}

export function isOpenNetwork(security: string | null): boolean {
  return !security || security === 'none';
}

/** The URL parameter that keeps a running mode switch across a page reload. */
export const MODE_SWITCH_PARAM = 'cpeSwitch';

/** `<deviceId>:<target>:<startedAt>:<commandId>` — what the URL keeps of a running switch. */
export function encodeModeSwitch(deviceId: number, sw: ModeSwitch): string {
  return `${deviceId}:${sw.target}:${sw.startedAt}:${sw.commandId}`;
}

/** The switch of `deviceId` kept in the URL, or null (another device's, or not a switch). */
export function decodeModeSwitch(value: string | null, deviceId: number): ModeSwitch | null {
  const m = value ? /^(\d+):(ap|client):(\d+):(.+)$/.exec(value) : null;
  if (!m || Number(m[1]) !== deviceId) return null;
  return {
    target: m[2] as CpeMode,
    startedAt: Number(m[3]),
    commandId: m[4] as string,
    jobStatus: 'sent',
    stage: null,
    code: null,
  };
}

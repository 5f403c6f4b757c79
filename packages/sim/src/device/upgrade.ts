/**
 * Firmware upgrade as a device does it (docs/protocol.md §7.2 `upgrade`): check the arguments, say
 * `waiting`, download the file over HTTP from the signed link — streamed and hashed as it arrives,
 * resumed with an HTTP Range request when the connection breaks — verify the SHA-256, say
 * `upgrading` (status 3 meanwhile), then `restarting`, answer, and reboot into the new version,
 * which its next `hello` reports. Failures answer with the catalogue's code: 482 the download
 * failed, 483 the hash does not match, 484 the install failed, 915 the file is for another model.
 *
 * Durations follow §9 (an upgrade about 5 simulated minutes, scaled by the time factor): a short
 * wait, the download (at least `DOWNLOAD_SIM_MS`), the install (`INSTALL_SIM_MS`), then a reboot.
 * A unit can be told to fail (`Unit.upgradeFailure`, or the fleet option `upgradeFailures`):
 * `download` (the link stops answering part-way, for good), `hash` (a corrupted byte), `upgrade`
 * (the install fails), or `interrupt` (the connection breaks once part-way; the resumed download
 * succeeds).
 */
import { createHash } from 'node:crypto';
import { ERR, REBOOT_SECONDS, UPGRADE_SECONDS } from '@netloom/domain';
import type { Body, CommandMessage } from '@netloom/protocol';
import type { UpgradeFailure } from './context';
import { stateBody } from './payloads';
import type { Unit } from './unit';

/** §9's 5 minutes: waiting, downloading, installing, then the reboot (REBOOT_SECONDS). */
const WAIT_SIM_MS = 10_000;
const DOWNLOAD_SIM_MS = 90_000;
const INSTALL_SIM_MS = UPGRADE_SECONDS * 1000 - WAIT_SIM_MS - DOWNLOAD_SIM_MS - REBOOT_SECONDS * 1000;
/** Real ms at least between two steps (a huge time factor still reports every stage in order). */
const MIN_STEP_MS = 50;
/** Download attempts (the first and its resumptions) before giving up. */
const DOWNLOAD_ATTEMPTS = 4;
/** Real ms one HTTP request may take before it counts as a broken connection. */
const REQUEST_TIMEOUT_MS = 30_000;
const SHA256 = /^[0-9a-f]{64}$/;
/** Progress percent: waiting 0, downloading 5–60, installing 65–90, restarting 95. */
const PCT = { downloadFrom: 5, downloadTo: 60, installing: 65, restarting: 95 } as const;

class UpgradeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface UpgradeArgs {
  url: string;
  sha256: string;
  size: number;
  version: string;
  model: string;
}

function argsOf(cmd: CommandMessage): UpgradeArgs | null {
  const { url, sha256, size, version, model } = cmd.args;
  if (
    typeof url !== 'string' ||
    !/^https?:\/\//.test(url) ||
    typeof sha256 !== 'string' ||
    !SHA256.test(sha256) ||
    typeof size !== 'number' ||
    !Number.isInteger(size) ||
    size <= 0 ||
    typeof version !== 'string' ||
    typeof model !== 'string'
  )
    return null;
  return { url, sha256, size, version, model };
}

/**
 * Downloads the file (resuming with Range after a break), hashing it as it arrives, and returns
 * the hex SHA-256. `onBytes` is told the byte count as it grows.
 */
export async function downloadFirmware(
  url: string,
  size: number,
  failure: UpgradeFailure | null,
  onBytes: (got: number) => void,
): Promise<string> {
  const hash = createHash('sha256');
  let got = 0;
  let broken = false;
  for (let attempt = 0; got < size; attempt++) {
    if (attempt >= DOWNLOAD_ATTEMPTS)
      throw new UpgradeError(ERR.FIRMWARE_DOWNLOAD_FAILED, 'too many broken downloads');
    if (failure === 'download' && broken)
      throw new UpgradeError(ERR.FIRMWARE_DOWNLOAD_FAILED, `connection lost at byte ${got} of ${size}`);
    const headers: Record<string, string> = got > 0 ? { range: `bytes=${got}-` } : {};
    let res: Response;
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (e) {
      if (attempt + 1 >= DOWNLOAD_ATTEMPTS) throw new UpgradeError(ERR.FIRMWARE_DOWNLOAD_FAILED, String(e));
      continue;
    }
    if (res.status !== (got > 0 ? 206 : 200) || !res.body) {
      await res.body?.cancel();
      throw new UpgradeError(ERR.FIRMWARE_DOWNLOAD_FAILED, `HTTP ${res.status}`);
    }
    const reader = res.body.getReader();
    // The simulated break: a third of the way through, once (interrupt: resumed; download: for good).
    const breakAt =
      !broken && (failure === 'interrupt' || failure === 'download') ? Math.floor(size / 3) : Infinity;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        let chunk: Uint8Array = value;
        if (got + chunk.length > breakAt) {
          chunk = chunk.subarray(0, breakAt - got);
          broken = true;
        }
        // A corrupted byte on the way: the hash cannot match.
        if (failure === 'hash' && got === 0 && chunk.length > 0) {
          const bad = Uint8Array.from(chunk);
          bad[0] = (bad[0] ?? 0) ^ 0xff;
          chunk = bad;
        }
        hash.update(chunk);
        got += chunk.length;
        onBytes(got);
        if (broken && got === breakAt) {
          await reader.cancel();
          break;
        }
      }
    } catch {
      // A connection that broke in the middle: resume from `got` with the next attempt.
    }
  }
  if (got !== size) throw new UpgradeError(ERR.FIRMWARE_DOWNLOAD_FAILED, `got ${got} of ${size} bytes`);
  return hash.digest('hex');
}

/** Carries out an `upgrade` command with a download link (the arguments the console sends). */
export function upgradeFromLink(d: Unit, cmd: CommandMessage, reply: (body: Body<'reply'>) => void): void {
  const args = argsOf(cmd);
  if (!args) {
    reply({
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: 'args need url, sha256, size, version, model',
    });
    return;
  }
  if (args.model !== d.model.model) {
    reply({
      id: cmd.id,
      ok: false,
      code: ERR.FIRMWARE_MODEL_MISMATCH,
      message: `firmware for ${args.model}, this is ${d.model.model}`.slice(0, 256),
    });
    return;
  }
  const failure = d.upgradeFailure;
  const { clock, scheduler } = d.fleet;
  const real = (simMs: number) => Math.max(MIN_STEP_MS, clock.toReal(simMs));
  const wait = (ms: number) => new Promise<void>((resolve) => scheduler.after(ms, resolve));
  d.running.add(cmd.id);
  d.upgrading = true;
  const progress = (stage: string, percent: number) => {
    if (d.online) d.send('progress', { id: cmd.id, stage, percent });
  };
  const end = (body: Body<'reply'>) => {
    d.running.delete(cmd.id);
    d.upgrading = false;
    if (!d.online) return;
    reply(body);
  };
  void (async () => {
    progress('waiting', 0);
    if (d.online) d.send('state', stateBody(d));
    await wait(real(WAIT_SIM_MS));
    if (!d.online) return end({ id: cmd.id, ok: false, code: ERR.FIRMWARE_DOWNLOAD_FAILED });
    progress('downloading', PCT.downloadFrom);
    const started = Date.now();
    let shown: number = PCT.downloadFrom;
    let digest: string;
    try {
      digest = await downloadFirmware(args.url, args.size, failure, (got) => {
        const pct = Math.floor(PCT.downloadFrom + ((PCT.downloadTo - PCT.downloadFrom) * got) / args.size);
        // Every 10 %: a few messages, far under the protocol's rate limit.
        if (pct >= shown + 10) {
          shown = pct;
          progress('downloading', pct);
        }
      });
    } catch (e) {
      const code = e instanceof UpgradeError ? e.code : ERR.FIRMWARE_DOWNLOAD_FAILED;
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 256);
      end({ id: cmd.id, ok: false, code, message });
      if (d.online) d.send('state', stateBody(d));
      return;
    }
    // A download over loopback is instant; a real one over a WAN link is not (§9).
    const rest = real(DOWNLOAD_SIM_MS) - (Date.now() - started);
    if (rest > 0) await wait(rest);
    if (digest !== args.sha256) {
      end({
        id: cmd.id,
        ok: false,
        code: ERR.FIRMWARE_HASH_MISMATCH,
        message: `SHA-256 ${digest.slice(0, 16)}… does not match`,
      });
      if (d.online) d.send('state', stateBody(d));
      return;
    }
    progress('upgrading', PCT.installing);
    if (d.upgradeHold) await d.upgradeHold;
    await wait(real(INSTALL_SIM_MS));
    if (failure === 'upgrade') {
      end({ id: cmd.id, ok: false, code: ERR.FIRMWARE_UPGRADE_FAILED, message: 'flash write failed' });
      if (d.online) d.send('state', stateBody(d));
      return;
    }
    if (!d.online) return end({ id: cmd.id, ok: false, code: ERR.FIRMWARE_UPGRADE_FAILED });
    progress('restarting', PCT.restarting);
    end({ id: cmd.id, ok: true });
    d.firmwareVersion = args.version;
    d.restart('upgrade');
  })().catch((e: unknown) => {
    d.running.delete(cmd.id);
    d.upgrading = false;
    d.fleet.onError(e, d.sn);
  });
}

/**
 * Formatting an NVR disk as a recorder does it (docs/protocol.md §7.2 `formatDisk`): check the
 * bay, mark the disk `formatting` (recording to it stops; the other disks keep recording), report
 * `formatting` progress in steps of 10 %, then answer with the empty disk (status `ok`) and send a
 * fresh `state`. Refusals come from the recorder itself: 3001 while another disk of it is
 * formatting, 3002 when the bay is empty.
 *
 * The duration follows domain `diskFormatSeconds` (about 30 s plus 15 s per TB, simulated time,
 * scaled by the time factor). A unit can be told to fail (`Unit.formatFailure`, or the fleet option
 * `formatFailures`): the format stops part-way with 3000 and the disk is left unformatted.
 */
import { diskFormatSeconds, ERR } from '@netloom/domain';
import { type Body, COMMAND_ARGS, type CommandMessage } from '@netloom/protocol';
import { stateBody } from './payloads';
import type { Unit } from './unit';

/** Progress reports of a format (0 %, 10 % … 90 %), then the reply. */
const STEPS = 10;
/** Where a failing format stops. */
const FAIL_AT_STEP = 4;
/** Real ms at least between two reports (a huge time factor still reports in order). */
const MIN_STEP_MS = 30;

export function formatDisk(d: Unit, cmd: CommandMessage, reply: (body: Body<'reply'>) => void): void {
  const args = COMMAND_ARGS.formatDisk.safeParse(cmd.args);
  if (!args.success) {
    reply({ id: cmd.id, ok: false, code: ERR.INVALID_PARAMETERS, message: 'args.disk must be a disk bay' });
    return;
  }
  const disks = d.hardware.disks;
  if (disks.some((k) => k.status === 'formatting')) {
    reply({ id: cmd.id, ok: false, code: ERR.DISK_FORMAT_IN_PROGRESS, message: 'a disk is being formatted' });
    return;
  }
  const disk = disks.find((k) => k.id === args.data.disk);
  if (!disk) {
    reply({ id: cmd.id, ok: false, code: ERR.DISK_NOT_FOUND, message: `no disk in bay ${args.data.disk}` });
    return;
  }
  const { clock, scheduler } = d.fleet;
  const stepMs = Math.max(MIN_STEP_MS, clock.toReal((diskFormatSeconds(disk.capacityGb) * 1000) / STEPS));
  const fail = d.formatFailure;
  d.running.add(cmd.id);
  disk.status = 'formatting';
  d.send('state', stateBody(d));
  const step = (n: number): void => {
    // Gone offline meanwhile (restarted, stopped): the job expires on the server's side.
    if (!d.online) {
      d.running.delete(cmd.id);
      disk.status = 'unformatted';
      return;
    }
    if (fail && n === FAIL_AT_STEP) {
      d.running.delete(cmd.id);
      disk.status = 'unformatted';
      disk.usedGb = 0;
      reply({
        id: cmd.id,
        ok: false,
        code: ERR.DISK_FORMAT_FAILED,
        message: 'the disk did not accept the new file system',
      });
      d.send('state', stateBody(d));
      return;
    }
    if (n === STEPS) {
      d.running.delete(cmd.id);
      disk.status = 'ok';
      disk.usedGb = 0;
      disk.health = disk.health === 'bad' ? 'bad' : 'good';
      reply({ id: cmd.id, ok: true, result: { disk: { ...disk } } });
      d.send('state', stateBody(d));
      return;
    }
    d.send('progress', { id: cmd.id, stage: 'formatting', percent: (n * 100) / STEPS });
    scheduler.after(stepMs, () => step(n + 1));
  };
  step(0);
}

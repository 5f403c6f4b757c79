/**
 * `backup` and `restore` (docs/protocol.md §7.2) as firmware would do them. The unit's
 * configuration file is its applied document with the version it runs, as JSON — the cloud stores
 * the bytes and never reads inside them. A backup answers after `packing` → `uploading` with the
 * file in the reply; a restore checks the SHA-256 (486) and the model (485), checks the document
 * like a `config` (its first problem refuses it), applies it, answers and restarts — back up with
 * the file's version, so the cloud delivers its desired state again at `hello`. A unit whose
 * configuration storage is faulty (`configStorageFault`) answers both with 2001.
 */
import { createHash } from 'node:crypto';
import {
  BACKUP_FILE_MAX_BYTES,
  type DeviceConfigDocument,
  deviceConfigDocumentSchema,
  ERR,
} from '@netloom/domain';
import { type Body, backupFileSchema, type CommandMessage } from '@netloom/protocol';
import { apply, firstProblem } from './config';
import type { Unit } from './unit';

/** What the simulator writes in its configuration file. */
interface SimConfigFile {
  format: 'netloom-sim-config/1';
  model: string;
  sn: string;
  configVersion: number;
  document: DeviceConfigDocument | null;
}

type Reply = (body: Body<'reply'>) => void;

/** Simulated ms per stage of a backup or a restore (a few seconds on a real unit). */
const STAGE_SIM_MS = 2_000;
/** Real ms per stage at least, so a fast simulated clock still shows the stages. */
const STAGE_REAL_MIN_MS = 150;

function stages(d: Unit, cmd: CommandMessage, list: readonly [string, number][], done: () => void): void {
  d.running.add(cmd.id);
  const stepMs = Math.max(STAGE_REAL_MIN_MS, d.fleet.clock.toReal(STAGE_SIM_MS));
  const next = (i: number) => {
    if (!d.online) {
      d.running.delete(cmd.id);
      return;
    }
    const stage = list[i];
    if (!stage) {
      d.running.delete(cmd.id);
      done();
      return;
    }
    d.send('progress', { id: cmd.id, stage: stage[0], percent: stage[1] });
    d.fleet.scheduler.after(stepMs, () => next(i + 1));
  };
  next(0);
}

export function backup(d: Unit, cmd: CommandMessage, reply: Reply): void {
  stages(
    d,
    cmd,
    [
      ['packing', 20],
      ['uploading', 60],
    ],
    () => {
      if (d.configStorageFault !== null) {
        reply({ id: cmd.id, ok: false, code: ERR.SAVE_FAILED, message: d.configStorageFault.slice(0, 256) });
        return;
      }
      const file: SimConfigFile = {
        format: 'netloom-sim-config/1',
        model: d.model.model,
        sn: d.sn,
        configVersion: d.configVersion,
        document: d.appliedDocument,
      };
      const bytes = Buffer.from(JSON.stringify(file));
      if (bytes.length > BACKUP_FILE_MAX_BYTES) {
        reply({
          id: cmd.id,
          ok: false,
          code: ERR.BACKUP_FILE_INVALID,
          message: 'configuration file too large',
        });
        return;
      }
      reply({
        id: cmd.id,
        ok: true,
        result: {
          file: {
            content: bytes.toString('base64'),
            size: bytes.length,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            model: d.model.model,
            configVersion: d.configVersion,
          },
        },
      });
    },
  );
}

export function restore(d: Unit, cmd: CommandMessage, reply: Reply): void {
  const args = backupFileSchema.safeParse(cmd.args.file);
  if (!args.success) {
    reply({
      id: cmd.id,
      ok: false,
      code: ERR.INVALID_PARAMETERS,
      message: 'args.file is not a configuration file',
    });
    return;
  }
  const f = args.data;
  const bytes = Buffer.from(f.content, 'base64');
  if (bytes.length !== f.size || createHash('sha256').update(bytes).digest('hex') !== f.sha256) {
    reply({ id: cmd.id, ok: false, code: ERR.BACKUP_FILE_INVALID, message: 'SHA-256 mismatch' });
    return;
  }
  if (f.model !== d.model.model) {
    reply({ id: cmd.id, ok: false, code: ERR.BACKUP_OTHER_MODEL, message: `file of a ${f.model}` });
    return;
  }
  const document = parseFile(bytes);
  if (document === undefined) {
    reply({ id: cmd.id, ok: false, code: ERR.BACKUP_FILE_INVALID, message: 'unreadable configuration file' });
    return;
  }
  stages(
    d,
    cmd,
    [
      ['verifying', 20],
      ['applying', 60],
      ['restarting', 90],
    ],
    () => {
      const problem = d.configStorageFault
        ? { code: ERR.SAVE_FAILED, message: d.configStorageFault }
        : document
          ? firstProblem(d, document)
          : null;
      if (problem) {
        reply({ id: cmd.id, ok: false, code: problem.code, message: problem.message.slice(0, 256) });
        return;
      }
      if (document) apply(d, document);
      d.configVersion = f.configVersion;
      // A restore replaces the configuration: the answers to earlier versions go with it, so the
      // cloud's next version is applied, not answered as a repeat.
      d.configResults.clear();
      reply({ id: cmd.id, ok: true, result: { configVersion: d.configVersion } });
      // Answer first, then restart into the restored configuration (like `reboot`, §7.2).
      d.restart('reboot');
    },
  );
}

/** The document of a simulator's file (null: factory settings), undefined when it is not one. */
function parseFile(bytes: Buffer): DeviceConfigDocument | null | undefined {
  try {
    const file = JSON.parse(bytes.toString('utf8')) as Partial<SimConfigFile>;
    if (file.format !== 'netloom-sim-config/1') return undefined;
    if (file.document === null) return null;
    const doc = deviceConfigDocumentSchema.safeParse(file.document);
    return doc.success ? doc.data : undefined;
  } catch {
    return undefined;
  }
}

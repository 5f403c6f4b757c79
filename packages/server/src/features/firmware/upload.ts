/**
 * A firmware upload, from the multipart request to a hashed temporary file (docs/api.md "Firmware
 * and upgrades"): the fields `model`, `version`, `notes` and one `file`, a .bin under 60 MB. The
 * file streams to disk as it arrives (cut by the multipart limit one byte short of 60 MB); a
 * refusal removes what was written.
 */
import {
  ERR,
  FIRMWARE_MAX_BYTES,
  type FirmwareUploadFields,
  firmwareFileIssue,
  firmwareUploadFieldsSchema,
} from '@netloom/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../lib/errors';
import type { FirmwareFiles, Received } from './files';

const UPLOAD_FIELDS = ['model', 'version', 'notes'] as const;
/** A file of exactly 60 MB is refused (§5 "under 60 MB"). */
export const FIRMWARE_UPLOAD_LIMITS = {
  fileSize: FIRMWARE_MAX_BYTES - 1,
  files: 1,
  fields: UPLOAD_FIELDS.length,
} as const;

export interface FirmwareUpload {
  received: Received;
  fileName: string;
  fields: FirmwareUploadFields;
}

function multipartCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function uploadError(err: unknown): Error {
  const code = multipartCode(err);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(ERR.FIRMWARE_TOO_LARGE, 413);
  if (code === 'FST_FILES_LIMIT') return invalidField('file', 'Send one firmware file.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
    return invalidField('file', 'A firmware upload takes the fields model, version and notes only.');
  if (code?.startsWith('FST_')) return invalidField('file', 'Send the firmware as multipart/form-data.');
  return err instanceof Error ? err : new Error(String(err));
}

export async function readFirmwareUpload(
  request: FastifyRequest,
  files: FirmwareFiles,
): Promise<FirmwareUpload> {
  let upload: { received: Received; fileName: string } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(UPLOAD_FIELDS as readonly string[]).includes(part.fieldname))
          throw invalidField(
            part.fieldname,
            'A firmware upload takes the fields model, version and notes only.',
          );
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || upload) throw invalidField(part.fieldname, 'Send one file as "file".');
      // The type by its name first: a wrong type is refused before a byte is stored.
      if (firmwareFileIssue({ name: part.filename, size: 1 }) !== null) {
        part.file.resume();
        throw new AppError(ERR.FIRMWARE_FILE_TYPE);
      }
      const received = await files.receive(part.file);
      upload = { received, fileName: part.filename };
      if (part.file.truncated) throw new AppError(ERR.FIRMWARE_TOO_LARGE, 413);
    }
  } catch (err) {
    if (upload) await files.discard(upload.received);
    throw err instanceof AppError ? err : uploadError(err);
  }
  if (!upload) throw invalidField('file', 'Choose a .bin firmware file to upload.');
  const issue = firmwareFileIssue({ name: upload.fileName, size: upload.received.size });
  const parsed = firmwareUploadFieldsSchema.safeParse(fields);
  if (issue !== null || !parsed.success) {
    await files.discard(upload.received);
    if (issue !== null) {
      if (upload.received.size >= FIRMWARE_MAX_BYTES) throw new AppError(ERR.FIRMWARE_TOO_LARGE, 413);
      throw invalidField('file', issue);
    }
    const first = parsed.error?.issues[0];
    throw invalidField(String(first?.path[0] ?? 'file'), first?.message ?? 'Invalid upload fields.');
  }
  return { ...upload, fields: parsed.data };
}

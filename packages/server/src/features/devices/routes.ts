import multipart from '@fastify/multipart';
import {
  deviceEndpoints as D,
  DEVICE_IMPORT_MAX_BYTES,
  excelFileIssue,
  deviceImportEndpoints as I,
  pendingDeviceEndpoints as P,
} from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../lib/errors';
import { route } from '../../lib/route';
import { projectAccessOf } from '../../plugins/projectAccess';
import { buildImportTemplate, readImportFile, TEMPLATE_FILENAME, XLSX_MIME } from './excel';
import type { DeviceImport } from './import';
import type { DeviceService } from './service';

/** Form fields an import upload may carry besides the file (the form sends none today). */
const UPLOAD_MAX_FIELDS = 5;

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

export interface DeviceRoutesOptions {
  devices: DeviceService;
  importer: DeviceImport;
}

/**
 * Device routes (domain `deviceEndpoints`, `pendingDeviceEndpoints`, `deviceImportEndpoints`): the
 * list and detail, add by SN, edit and delete, devices to be verified, Excel import and template.
 */
export async function deviceRoutes(app: FastifyInstance, { devices, importer }: DeviceRoutesOptions) {
  await app.register(multipart, {
    limits: { fileSize: DEVICE_IMPORT_MAX_BYTES, files: 1, fields: UPLOAD_MAX_FIELDS },
  });

  route(app, D.list, async (request) => devices.list(projectAccessOf(request), request.query));
  route(app, D.typeCounts, async (request) => devices.typeCounts(projectAccessOf(request)));
  route(app, D.add, async (request) => devices.add(projectAccessOf(request), request.body));
  route(app, D.get, async (request) => devices.get(projectAccessOf(request), request.params.deviceId));
  route(app, D.update, async (request) =>
    devices.update(projectAccessOf(request), request.params.deviceId, request.body),
  );
  route(app, D.delete, async (request) => {
    await devices.delete(projectAccessOf(request), request.params.deviceId);
    return {};
  });

  route(app, P.list, async (request) => devices.pending(projectAccessOf(request)));
  route(app, P.count, async (request) => ({ count: await devices.pendingCount(projectAccessOf(request)) }));
  route(app, P.claim, async (request) =>
    devices.claim(projectAccessOf(request), request.params.sn, request.body ?? {}),
  );
  route(app, P.dismiss, async (request) => {
    await devices.dismiss(projectAccessOf(request), request.params.sn);
    return {};
  });

  route(app, I.import, async (request) => {
    let file: Awaited<ReturnType<typeof request.file>>;
    try {
      file = await request.file();
    } catch (err) {
      request.log.info({ err }, 'device import is not multipart');
      throw invalidField('file', 'Send the Excel file as multipart/form-data in the field "file".');
    }
    if (!file) throw invalidField('file', 'Choose an Excel file to import.');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (err) {
      if (isFileTooLarge(err)) throw invalidField('file', 'The file is too large for a device import.');
      throw err;
    }
    const issue = excelFileIssue({ name: file.filename, size: bytes.length });
    if (issue) throw invalidField('file', issue);
    return importer.run(projectAccessOf(request), await readImportFile(bytes));
  });

  let template: Buffer | null = null;
  route(app, I.template, async (_request, reply) => {
    template ??= await buildImportTemplate();
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILENAME}"`)
      .send(template);
  });
}

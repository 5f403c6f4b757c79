import multipart from '@fastify/multipart';
import {
  DEVICE_IMPORT_MAX_BYTES,
  deviceAddRequestSchema,
  deviceClaimRequestSchema,
  deviceDetailSchema,
  deviceImportResultSchema,
  deviceListQuerySchema,
  deviceListSchema,
  deviceTypeCountsSchema,
  deviceUpdateSchema,
  emptySchema,
  excelFileIssue,
  pendingCountSchema,
  pendingDeviceListSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { invalidField } from '../../lib/errors';
import { projectAccessOf } from '../../plugins/projectAccess';
import { buildImportTemplate, readImportFile, TEMPLATE_FILENAME, XLSX_MIME } from './excel';
import type { DeviceImport } from './import';
import type { DeviceService } from './service';

const tags = ['devices'];
const projectParams = z.object({ id: z.string().regex(/^\d{1,15}$/, 'A project id is a positive integer.') });
const deviceParams = projectParams.extend({
  // Ids are 32-bit on PostgreSQL (serial): a larger one would be a database error, not "not found".
  deviceId: z.coerce.number().int().positive().max(2_147_483_647),
});
const pendingParams = projectParams.extend({ sn: z.string().regex(/^[A-Za-z0-9]{1,64}$/) });

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

/** Project-scoped device routes, under `/api/projects`: `/:id/devices/…`. */
export const deviceRoutes: FastifyPluginAsyncZod<{ devices: DeviceService; importer: DeviceImport }> = async (
  app,
  { devices, importer },
) => {
  await app.register(multipart, { limits: { fileSize: DEVICE_IMPORT_MAX_BYTES, files: 1, fields: 5 } });
  app.addHook('preHandler', app.requireSession);
  const read = app.requireProjectRight('r');
  const write = app.requireProjectRight('rw');

  app.get(
    '/:id/devices',
    {
      schema: {
        tags,
        summary:
          'Device list: ?type=ap, filters ip/model/port/name/vlan/mac, q, status, sort, order, page, pageSize',
        params: projectParams,
        querystring: deviceListQuerySchema,
        response: responses(deviceListSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await devices.list(projectAccessOf(request), request.query)),
  );

  app.get(
    '/:id/devices/types',
    {
      schema: {
        tags,
        summary: 'Device counts per type (the list tabs)',
        params: projectParams,
        response: responses(deviceTypeCountsSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await devices.typeCounts(projectAccessOf(request))),
  );

  app.post(
    '/:id/devices',
    {
      schema: {
        tags,
        summary: 'Add a device by SN (166 other project, 411 already here, 67, 87, 88, 254, 1162)',
        params: projectParams,
        body: deviceAddRequestSchema,
        response: responses(deviceDetailSchema),
      },
      preHandler: write,
    },
    async (request) => ok(await devices.add(projectAccessOf(request), request.body)),
  );

  app.post(
    '/:id/devices/import',
    {
      schema: {
        tags,
        summary:
          'Import devices from the template as .xls or .xlsx (multipart field "file"; ≤ 500 rows; 258 wrong template; 154 mixed kinds)',
        consumes: ['multipart/form-data'],
        params: projectParams,
        response: responses(deviceImportResultSchema),
      },
      preHandler: write,
    },
    async (request) => {
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
      return ok(await importer.run(projectAccessOf(request), await readImportFile(bytes)));
    },
  );

  app.get(
    '/:id/devices/pending',
    {
      schema: {
        tags,
        summary: 'Devices to be verified: seen under this project, not claimed',
        params: projectParams,
        response: responses(pendingDeviceListSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await devices.pending(projectAccessOf(request))),
  );

  app.get(
    '/:id/devices/pending/count',
    {
      schema: {
        tags,
        summary: 'How many devices wait to be verified (the device-joining alert)',
        params: projectParams,
        response: responses(pendingCountSchema),
      },
      preHandler: read,
    },
    async (request) => ok({ count: await devices.pendingCount(projectAccessOf(request)) }),
  );

  app.post(
    '/:id/devices/pending/:sn/claim',
    {
      schema: {
        tags,
        summary: 'Claim a device to be verified (same rules as adding by SN; 412 when not offered)',
        params: pendingParams,
        body: deviceClaimRequestSchema.optional(),
        response: responses(deviceDetailSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await devices.claim(projectAccessOf(request), request.params.sn, request.body ?? {})),
  );

  app.post(
    '/:id/devices/pending/:sn/dismiss',
    {
      schema: {
        tags,
        summary: 'Hide a device to be verified (it can still be added by SN)',
        params: pendingParams,
        response: responses(emptySchema),
      },
      preHandler: write,
    },
    async (request) => {
      await devices.dismiss(projectAccessOf(request), request.params.sn);
      return ok({});
    },
  );

  app.get(
    '/:id/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Device detail: ports, radios, disks, channels, uplink and downlinks (410 when deleted)',
        params: deviceParams,
        response: responses(deviceDetailSchema),
      },
      preHandler: read,
    },
    async (request) => ok(await devices.get(projectAccessOf(request), request.params.deviceId)),
  );

  app.patch(
    '/:id/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Rename, remark, location',
        params: deviceParams,
        body: deviceUpdateSchema,
        response: responses(deviceDetailSchema),
      },
      preHandler: write,
    },
    async (request) =>
      ok(await devices.update(projectAccessOf(request), request.params.deviceId, request.body)),
  );

  app.delete(
    '/:id/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Delete a device (its telemetry, clients and events go with it; the device is not told)',
        params: deviceParams,
        response: responses(emptySchema),
      },
      preHandler: write,
    },
    async (request) => {
      await devices.delete(projectAccessOf(request), request.params.deviceId);
      return ok({});
    },
  );
};

/** `/api/devices/import-template.xlsx`: the same for every project, so not project-scoped. */
export const deviceTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireSession);
  let template: Buffer | null = null;
  app.get(
    '/import-template.xlsx',
    { schema: { tags, summary: 'The Excel template for device import' } },
    async (_request, reply) => {
      template ??= await buildImportTemplate();
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILENAME}"`)
        .send(template);
    },
  );
};

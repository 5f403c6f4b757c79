import multipart from '@fastify/multipart';
import { accountEndpoints as E, ERR, IMAGE_MAX_BYTES } from '@netloom/domain';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidField } from '../../lib/errors';
import { route } from '../../lib/route';
import { sessionOf } from '../../plugins/auth';
import type { EmailBinding } from './email';
import { detectImage, IMAGE_TYPE_MESSAGE } from './image';
import type { AccountService } from './service';

/** Form fields an avatar upload may carry besides the file (the form sends none today). */
const UPLOAD_MAX_FIELDS = 5;

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

export interface AccountRoutesOptions {
  accounts: AccountService;
  emailBinding: EmailBinding;
}

/** Account routes (domain `accountEndpoints`): profile, e-mail binding, avatar. */
export async function accountRoutes(
  app: FastifyInstance,
  { accounts, emailBinding }: AccountRoutesOptions,
): Promise<void> {
  // The file is cut at the limit while streaming, so an oversized upload never sits in memory whole.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: UPLOAD_MAX_FIELDS },
  });

  route(app, E.avatar, async (request, reply) => {
    const avatar = await accounts.avatar(request.params.id);
    return reply
      .header('content-type', avatar.mime)
      .header('cache-control', 'private, max-age=86400')
      .send(avatar.bytes);
  });
  route(app, E.profile, async (request) => accounts.get(sessionOf(request).accountId));
  route(app, E.updateProfile, async (request) =>
    accounts.updateProfile(sessionOf(request).accountId, request.body),
  );
  route(app, E.emailCode, async (request) =>
    emailBinding.sendCode(sessionOf(request).accountId, request.body.email),
  );
  route(app, E.bindEmail, async (request) => emailBinding.bind(sessionOf(request).accountId, request.body));
  route(app, E.uploadAvatar, async (request) => {
    const accountId = sessionOf(request).accountId;
    let file: Awaited<ReturnType<typeof request.file>>;
    try {
      file = await request.file();
    } catch (err) {
      request.log.info({ err }, 'avatar upload is not multipart');
      throw invalidField('file', 'Send the image as multipart/form-data in the field "file".');
    }
    if (!file) throw invalidField('file', 'Choose an image to upload.');
    let bytes: Buffer;
    try {
      bytes = await file.toBuffer();
    } catch (err) {
      if (isFileTooLarge(err)) throw new AppError(ERR.IMAGE_TOO_LARGE, 413);
      throw err;
    }
    const kind = detectImage(file.filename, bytes);
    if (!kind) throw invalidField('file', IMAGE_TYPE_MESSAGE);
    return accounts.setAvatar(accountId, { kind, bytes });
  });
}

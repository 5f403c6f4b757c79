import multipart from '@fastify/multipart';
import {
  accountSchema,
  ERR,
  emailBindRequestSchema,
  emailCodeRequestSchema,
  IMAGE_MAX_BYTES,
  profileUpdateRequestSchema,
  sendCodeResponseSchema,
} from '@netloom/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/api';
import { AppError, invalidField } from '../../lib/errors';
import { sessionOf } from '../../plugins/auth';
import type { EmailBinding } from './email';
import { detectImage, IMAGE_TYPE_MESSAGE } from './image';
import type { AccountService } from './service';

const tags = ['account'];

function isFileTooLarge(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
  );
}

export interface AccountRoutesOptions {
  accounts: AccountService;
  emailBinding: EmailBinding;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (
  app,
  { accounts, emailBinding },
) => {
  // The file is cut at the limit while streaming, so an oversized upload never sits in memory whole.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5 } });

  // Public by unguessable id: <img> tags and bearer clients cannot attach a session to the request.
  app.get(
    '/avatar/:id',
    { schema: { tags, summary: 'Avatar image', params: z.object({ id: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      const avatar = await accounts.avatar(request.params.id);
      return reply
        .header('content-type', avatar.mime)
        .header('cache-control', 'private, max-age=86400')
        .send(avatar.bytes);
    },
  );

  app.register(signedInRoutes);
  async function signedInRoutes(signedIn: Parameters<typeof accountRoutes>[0]) {
    signedIn.addHook('preHandler', app.requireSession);

    signedIn.get(
      '/profile',
      { schema: { tags, summary: 'My profile', response: responses(accountSchema) } },
      async (request) => ok(await accounts.get(sessionOf(request).accountId)),
    );

    signedIn.patch(
      '/profile',
      {
        schema: {
          tags,
          summary: 'Edit profile (company name/location once per calendar year: 14, 15, 65)',
          body: profileUpdateRequestSchema,
          response: responses(accountSchema),
        },
      },
      async (request) => ok(await accounts.updateProfile(sessionOf(request).accountId, request.body)),
    );

    signedIn.post(
      '/email/code',
      {
        schema: {
          tags,
          summary: 'Mail a 6-digit code to the new e-mail address (13, 2010, 1)',
          body: emailCodeRequestSchema,
          response: responses(sendCodeResponseSchema),
        },
      },
      async (request) => ok(await emailBinding.sendCode(sessionOf(request).accountId, request.body.email)),
    );

    signedIn.post(
      '/email',
      {
        schema: {
          tags,
          summary: 'Bind or change the e-mail with the code sent to it (12, 13, 75)',
          body: emailBindRequestSchema,
          response: responses(accountSchema),
        },
      },
      async (request) => ok(await emailBinding.bind(sessionOf(request).accountId, request.body)),
    );

    signedIn.post(
      '/avatar',
      {
        schema: {
          tags,
          summary: 'Upload avatar (multipart field "file"; jpg/png/jpeg/gif/bmp ≤ 10 MB, else 251)',
          consumes: ['multipart/form-data'],
          response: responses(accountSchema),
        },
      },
      async (request) => {
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
        return ok(await accounts.setAvatar(accountId, { kind, bytes }));
      },
    );
  }
};

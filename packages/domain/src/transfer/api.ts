/**
 * Transfer of a project's ownership (issue 14 §2, spec §4 "afterwards the owner loses full
 * control", §6 "Owner may transfer ownership"): the owner asks for a verification code (sent to
 * their own e-mail, else their mobile), then names the receiving account and gives the code.
 */
import { z } from 'zod';
import { sendCodeResponseSchema } from '../api/auth';
import { endpoint } from '../api/endpoint';
import { projectParamsSchema } from '../api/params';
import { EMAIL_CODE_LENGTH, SMS_CODE_LENGTH } from '../limits';

const tag = 'transfer';

/** The owner's code: 6 digits by e-mail, 4 by SMS (§5), whichever channel the owner has. */
export const transferCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^(\\d{${SMS_CODE_LENGTH}}|\\d{${EMAIL_CODE_LENGTH}})$`), 'Enter the code you received.');

/**
 * The receiving account: its e-mail address or its unique cloud code (both shown in its account
 * menu). Trimmed; an e-mail is compared in lower case.
 */
export const transferReceiverSchema = z
  .string()
  .trim()
  .min(1, 'Enter the e-mail address or cloud code of the receiving account.')
  .max(254, 'Enter at most 254 characters.'); // not a rule: the longest e-mail address

export const transferRequestSchema = z.object({
  receiver: transferReceiverSchema,
  code: transferCodeSchema,
  /** Keep a manage (`rw`) share of the project for the old owner; otherwise they lose it entirely. */
  keepManage: z.boolean().default(false),
});
export type TransferRequest = z.input<typeof transferRequestSchema>;

/** Where the owner's code went: the channel and a masked destination ("j***@example.com"). */
export const transferCodeResponseSchema = sendCodeResponseSchema.extend({
  channel: z.enum(['email', 'sms']),
  destination: z.string(),
});
export type TransferCodeResponse = z.infer<typeof transferCodeResponseSchema>;

export const transferResultSchema = z.object({
  projectId: z.number().int(),
  /** The new owner's nick (the confirmation message names them). */
  ownerNick: z.string(),
  /** The old owner's right now: `rw` when a manage share was kept, else null (no access). */
  previousOwnerRight: z.enum(['rw']).nullable(),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

export const transferEndpoints = {
  code: endpoint({
    method: 'POST',
    path: '/api/projects/:id/transfer/code',
    summary:
      'Send the owner a verification code confirming a transfer (owner only, else 403; 2010/51–53 too soon, 1 not delivered)',
    tag,
    auth: { project: 'own' },
    group: 'transfer',
    params: projectParamsSchema,
    response: transferCodeResponseSchema,
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/api/projects/:id/transfer',
    summary:
      'Transfer the project to another account with the owner’s code (12/75 code, 22 no such account, 520 disabled, 2100 already its owner, 2101 project limit, 2102 device limit)',
    tag,
    auth: { project: 'own' },
    group: 'transfer',
    params: projectParamsSchema,
    body: transferRequestSchema,
    response: transferResultSchema,
  }),
};

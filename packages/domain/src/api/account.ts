import { z } from 'zod';
import {
  accountRoleSchema,
  companyLocationSchema,
  companyNameSchema,
  nickSchema,
} from '../validation/account';

/** Profile changes; company name and location may each change once per calendar year (14/15/65). */
export const profileUpdateRequestSchema = z
  .object({
    nick: nickSchema,
    role: accountRoleSchema,
    companyName: companyNameSchema,
    companyLocation: companyLocationSchema,
  })
  .partial();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const versionInfoSchema = z.object({
  version: z.string(),
  releasedAt: z.string(),
  majorUpdates: z.array(z.string()),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;

import { SOCIAL_PROVIDER_LABEL_MAX_LENGTH, socialProviderIdSchema } from '@netloom/domain';
import { z } from 'zod';

/**
 * SOCIAL_PROVIDERS (issue 14 §4): the OpenID Connect providers people may sign in with, as a JSON
 * array. Parsed here, beside `config.ts` (which reads the environment), so the option's table stays
 * one row. Each provider's secret stays on the server: the console sees only id and label.
 */
const providerSchema = z.object({
  id: socialProviderIdSchema,
  label: z.string().trim().min(1).max(SOCIAL_PROVIDER_LABEL_MAX_LENGTH),
  /** The issuer identifier; its `/.well-known/openid-configuration` is read at the first sign-in. */
  issuer: z.url({ protocol: /^https?$/ }),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** Scopes asked for: `openid` always; e-mail and profile to prefill the bind page. */
  scope: z.string().default('openid email profile'),
});
export type SocialProviderConfig = z.infer<typeof providerSchema>;

const providersSchema = z.array(providerSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  for (const [i, p] of list.entries()) {
    if (seen.has(p.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `duplicate id "${p.id}"` });
    seen.add(p.id);
  }
});

/** The option's parser: '' (or unset) → no provider; else a JSON array of providers. */
export function parseSocialProviders(
  raw: string | undefined,
): { value: SocialProviderConfig[] } | { problem: string } {
  const v = raw?.trim() ?? '';
  if (v === '') return { value: [] };
  let json: unknown;
  try {
    json = JSON.parse(v);
  } catch {
    return { problem: 'must be a JSON array of providers ({ id, label, issuer, clientId, clientSecret })' };
  }
  const parsed = providersSchema.safeParse(json);
  if (parsed.success) return { value: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: `is invalid at [${issue?.path.join('.') ?? ''}]: ${issue?.message ?? 'invalid'}` };
}

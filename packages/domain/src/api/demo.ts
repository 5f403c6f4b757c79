/**
 * The live demo (§1, §3, §6): the demo sign-in, the server-supplied `serverContains.exper_cfg`
 * renaming rules and `demoFuncSupport`, and the pure renaming function the server applies when it
 * serialises demo projects (exported so the web can apply the same rules if it ever needs to).
 */
import { z } from 'zod';
import { ACCESS_TYPES } from '../enums/account';
import { accountSchema } from './auth';
import { endpoint } from './endpoint';

// ── exper_cfg: renaming rules of demo projects (§3 "Server-supplied data") ────────────────────
export const experNameRuleSchema = z.object({ source_name: z.string(), target_name: z.string() });
export const experSsidRuleSchema = z.object({ source_ssid: z.string(), target_ssid: z.string() });
/** One rule set per demo network mode: `exper_mode` is the project's netMode (0 WLAN, 1 MESH). */
export const experCfgSchema = z.object({
  exper_mode: z.number().int(),
  exper_pro_name: z.array(experNameRuleSchema),
  exper_pro_ssid: z.array(experSsidRuleSchema),
});
export type ExperCfg = z.infer<typeof experCfgSchema>;

/**
 * Functions that stay allowed in a demo project (§3 `demoFuncSupport`): everything that only looks.
 * Every change answers code 405 (`ERR.DEMO_BLOCKED`) on the server.
 */
export const DEMO_FUNCTIONS = [
  'projectOverview',
  'deviceList',
  'deviceDetail',
  'clientList',
  'networkStatus',
  'deviceData',
  'clientData',
  'liveStatus',
  'commandProgress',
  'signOut',
] as const;
export type DemoFunction = (typeof DEMO_FUNCTIONS)[number];

/** `GET /api/meta/server-config`. */
export const serverConfigSchema = z.object({
  serverContains: z.object({ exper_cfg: z.array(experCfgSchema) }),
  demoFuncSupport: z.array(z.string()),
  /** Whether this server runs the live demo (the login screen hides the Demo tab otherwise). */
  demoEnabled: z.boolean(),
  /** The demo project the console opens after "Enter live demo". */
  demoLandingProjectId: z.number().int(),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;

// ── Demo sign-in: `POST /api/auth/demo` ───────────────────────────────────────────────────────
export const demoLoginRequestSchema = z.object({
  /** web: cookies like a normal sign-in; openapi/app: the token in the body. */
  client: z.enum(ACCESS_TYPES).default('web'),
});
export type DemoLoginRequest = z.input<typeof demoLoginRequestSchema>;
export const demoLoginResponseSchema = z.object({
  account: accountSchema,
  /** Where the console lands: the traditional-WLAN demo project (500000). */
  projectId: z.number().int(),
  token: z.string().optional(),
});
export type DemoLoginResponse = z.infer<typeof demoLoginResponseSchema>;

// ── Endpoints ────────────────────────────────────────────────────────────────────────────────────

export const demoEndpoints = {
  serverConfig: endpoint({
    method: 'GET',
    path: '/api/meta/server-config',
    summary: 'serverContains (exper_cfg renaming rules of demo projects) and demoFuncSupport',
    tag: 'meta',
    auth: 'public',
    response: serverConfigSchema,
  }),
  // Its own, tighter per-IP rate limit: demo sign-ins are anonymous and cheap to ask for.
  login: endpoint({
    method: 'POST',
    path: '/api/auth/demo',
    summary: 'Enter the live demo: a session of the demo account (read-only demo projects; 405 on changes)',
    tag: 'auth',
    auth: 'public',
    body: demoLoginRequestSchema,
    response: demoLoginResponseSchema,
  }),
};

// ── Renaming ──────────────────────────────────────────────────────────────────────────────────
export interface RenameRule {
  source: string;
  target: string;
}

/**
 * Applies rename rules to one value: a rule whose source equals the whole value wins; otherwise the
 * first rule whose (non-empty) source occurs in the value replaces every occurrence. No rule → the
 * value unchanged. Pure and total (any string in, a string out).
 */
export function renameByRules(value: string, rules: readonly RenameRule[]): string {
  const exact = rules.find((r) => r.source === value);
  if (exact) return exact.target;
  const part = rules.find((r) => r.source !== '' && value.includes(r.source));
  return part ? value.split(part.source).join(part.target) : value;
}

/** The rule set of a demo project's network mode, if the server sent one. */
export function experCfgFor(cfgs: readonly ExperCfg[], netMode: number): ExperCfg | undefined {
  return cfgs.find((c) => c.exper_mode === netMode);
}

/** A device name as shown in a demo project. */
export function experDeviceName(name: string, cfg: ExperCfg | undefined): string {
  if (!cfg) return name;
  return renameByRules(
    name,
    cfg.exper_pro_name.map((r) => ({ source: r.source_name, target: r.target_name })),
  );
}

/** An SSID as shown in a demo project. */
export function experSsid(ssid: string, cfg: ExperCfg | undefined): string {
  if (!cfg) return ssid;
  return renameByRules(
    ssid,
    cfg.exper_pro_ssid.map((r) => ({ source: r.source_ssid, target: r.target_ssid })),
  );
}

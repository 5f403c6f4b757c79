/**
 * The error catalogue of spec §8: every numeric code the API returns, with a stable UPPER_SNAKE
 * name and its English message. The web shows `errorMessage(code)`; it never keeps its own copy of
 * messages. Codes are grouped by area in sibling files and assembled here.
 */
import { ACCOUNT_ERRORS } from './account';
import { ACTIVATION_ERRORS } from './activation';
import { ANALYTICS_ERRORS } from './analytics';
import { API_KEY_ERRORS } from './apiKeys';
import { BACKUP_ERRORS } from './backup';
import { BLACKLIST_ERRORS } from './blacklist';
import { COMMON_ERRORS } from './common';
import { DATA_SCREEN_ERRORS } from './datascreen';
import { DEVICE_ERRORS } from './device';
import { FIRMWARE_ERRORS } from './firmware';
import { codesOf, unknownErrorMessage } from './lookup';
import { MAP_ERRORS } from './maps';
import { NETWORK_ERRORS } from './network';
import { NOTIFICATION_ERRORS } from './notifications';
import { PROJECT_ERRORS } from './project';
import { REBOOT_SCHEDULE_ERRORS } from './rebootSchedules';
import { SCAN_LOGIN_ERRORS } from './scanLogin';
import { SOLUTION_ERRORS } from './solutions';
import { TOPOLOGY_ERRORS } from './topology';
import { VLAN_ERRORS } from './vlan';
import { WIRELESS_ERRORS } from './wireless';

export { ACCOUNT_ERRORS } from './account';
export { COMMON_ERRORS } from './common';
export { codesOf, unknownErrorMessage } from './lookup';

/** The catalogue by area, for documentation; `ERR` is their union. */
export const ERROR_GROUPS = {
  common: COMMON_ERRORS,
  account: ACCOUNT_ERRORS,
  project: PROJECT_ERRORS,
  device: DEVICE_ERRORS,
  wireless: WIRELESS_ERRORS,
  network: NETWORK_ERRORS,
  vlan: VLAN_ERRORS,
  notifications: NOTIFICATION_ERRORS,
  maps: MAP_ERRORS,
  datascreen: DATA_SCREEN_ERRORS,
  topology: TOPOLOGY_ERRORS,
  firmware: FIRMWARE_ERRORS,
  backup: BACKUP_ERRORS,
  rebootSchedules: REBOOT_SCHEDULE_ERRORS,
  scanLogin: SCAN_LOGIN_ERRORS,
  apiKeys: API_KEY_ERRORS,
  activation: ACTIVATION_ERRORS,
  solutions: SOLUTION_ERRORS,
  analytics: ANALYTICS_ERRORS,
  blacklist: BLACKLIST_ERRORS,
} as const;

const DEFINITIONS = {
  ...COMMON_ERRORS,
  ...ACCOUNT_ERRORS,
  ...PROJECT_ERRORS,
  ...DEVICE_ERRORS,
  ...WIRELESS_ERRORS,
  ...NETWORK_ERRORS,
  ...VLAN_ERRORS,
  ...NOTIFICATION_ERRORS,
  ...MAP_ERRORS,
  ...DATA_SCREEN_ERRORS,
  ...TOPOLOGY_ERRORS,
  ...FIRMWARE_ERRORS,
  ...BACKUP_ERRORS,
  ...REBOOT_SCHEDULE_ERRORS,
  ...SCAN_LOGIN_ERRORS,
  ...API_KEY_ERRORS,
  ...ACTIVATION_ERRORS,
  ...SOLUTION_ERRORS,
  ...ANALYTICS_ERRORS,
  ...BLACKLIST_ERRORS,
} as const;

/** Error name → numeric code, e.g. `ERR.PASSWORD_CHANGED === 70`. */
export const ERR = codesOf(DEFINITIONS);
export type ErrorName = keyof typeof ERR;
export type ErrorCode = (typeof ERR)[ErrorName];

const BY_CODE = new Map<number, { name: ErrorName; message: string }>(
  Object.entries(DEFINITIONS).map(([name, def]) => [
    def.code,
    { name: name as ErrorName, message: def.message },
  ]),
);

/**
 * Codes Netloom added to the spec's table (the spec's catalogue has no 401/403/405/415–420/436/450–451/
 * 460–466/470–472/475/480–487/490–498/500–501/505/510–516/520–528/530–536/538–539/540–541/580).
 */
export const NETLOOM_ADDED_CODES = [
  401, 403, 405, 415, 416, 417, 418, 419, 420, 436, 450, 451, 460, 461, 462, 463, 464, 465, 466, 470, 471,
  472, 475, 480, 481, 482, 483, 484, 485, 486, 487, 490, 491, 492, 493, 494, 495, 496, 497, 498, 500, 501,
  505, 510, 511, 512, 513, 514, 515, 516, 520, 521, 522, 523, 524, 525, 526, 527, 528, 530, 531, 532, 533,
  534, 535, 536, 538, 539, 540, 541, 580,
] as const;

/**
 * Codes that were once in the catalogue and were removed. A retired code is never given a new
 * meaning: a client on an old build would show the wrong message. Empty so far.
 */
export const RETIRED_CODES: readonly number[] = [];

/** The code ranges of §8 in which every code has its own specific message. */
export const SPEC_CODE_RANGES = [
  { from: 103, to: 127, meaning: 'IP, VLAN and WAN network-segment conflicts' },
  { from: 320, to: 326, meaning: 'remote management failures and timeouts' },
  { from: 713, to: 740, meaning: 'DHCP address rules' },
  { from: 901, to: 917, meaning: 'misc device and copy-config errors' },
  { from: 1100, to: 1147, meaning: 'VLAN address rules' },
  { from: 2100, to: 2105, meaning: 'transfer and optimisation errors' },
  { from: 3000, to: 3002, meaning: 'disk formatting' },
  { from: 3101, to: 3103, meaning: 'login authorisation code incorrect, used, expired' },
] as const;

/** The English message for a code; any code outside the catalogue gets the unknown-error message. */
export function errorMessage(code: number): string {
  return BY_CODE.get(code)?.message ?? unknownErrorMessage(code);
}

/** Whether a code is in the catalogue (and so has its own message). */
export function isKnownCode(code: number): boolean {
  return BY_CODE.has(code);
}

/** The name of a code (for logs), or null when the code is not in the catalogue. */
export function errorName(code: number): ErrorName | null {
  return BY_CODE.get(code)?.name ?? null;
}

/** One catalogue row. */
export interface CatalogueEntry {
  code: number;
  name: string;
  message: string;
}

/** The catalogue as rows sorted by code, for docs and the OpenAPI description. */
export function catalogue(): CatalogueEntry[] {
  return Object.entries(DEFINITIONS)
    .map(([name, def]) => ({ code: def.code, name, message: def.message }))
    .sort((a, b) => a.code - b.code);
}

export { DEMO_BLOCKED_ACKNOWLEDGE, GENERAL_MESSAGES, type GeneralMessageName } from './general';

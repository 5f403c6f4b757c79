/**
 * Experience projects (issue 15 §5): a signed-in user's own copy of the demo — a project whose
 * devices are simulated by the server — to try features on. The rules both server and web read.
 */
import type { MemberLevel } from '../enums/account';
import { PROJECT_NAME_MAX_LENGTH } from '../limits';

/** §3 `type_flag` of an experience project (the live demo's own projects are 9). */
export const EXPERIENCE_TYPE_FLAG = 8;

/** The largest experience number the project name makes room for ("Trial 12345"). */
export const EXPERIENCE_NUMBER_MAX_DIGITS = 5;

/** The name a user gives; the project is called `name + " " + experience number` (§3). */
export const EXPERIENCE_NAME_MAX_LENGTH = PROJECT_NAME_MAX_LENGTH - 1 - EXPERIENCE_NUMBER_MAX_DIGITS;
export const DEFAULT_EXPERIENCE_NAME = 'Experience';

/** Simulated devices per experience project: default and the most `EXPERIENCE_DEVICES` may say. */
export const DEFAULT_EXPERIENCE_DEVICES = 6;
export const MAX_EXPERIENCE_DEVICES = 31;
/** Simulated experience devices across the whole server (`EXPERIENCE_MAX_DEVICES`). */
export const DEFAULT_EXPERIENCE_MAX_DEVICES = 300;

/** §3: a demo (experience) project's name is its name plus its experience number. */
export function experienceProjectName(name: string, experienceNum: number): string {
  return `${name.trim()} ${experienceNum}`;
}

/**
 * §6 "Free-registration mode cannot use experience-project operations": an account in free
 * registration mode is one at the `visitor` member level — signed up, not (yet) a member of any
 * tier (docs/decisions.md, Experience projects).
 */
export function isFreeRegistrationMode(level: MemberLevel): boolean {
  return level === 'visitor';
}

export function isExperienceProject(p: { typeFlag: number }): boolean {
  return p.typeFlag === EXPERIENCE_TYPE_FLAG;
}

/** Days of history the live demo's projects are given at start (`DEMO_BACKFILL_DAYS`, issue 15 §6). */
export const DEFAULT_DEMO_BACKFILL_DAYS = 30;
export const MAX_DEMO_BACKFILL_DAYS = 90;

/**
 * Experience projects (issue 15 §5): `GET/POST/DELETE /api/experience` — the caller's own
 * experience project, created with its simulated fleet and deleted with it (fleet stopped).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { DEFAULT_EXPERIENCE_NAME, EXPERIENCE_NAME_MAX_LENGTH } from './rules';

const tag = 'experience';

export const experienceNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(EXPERIENCE_NAME_MAX_LENGTH, `Enter at most ${EXPERIENCE_NAME_MAX_LENGTH} characters.`);

export const experienceCreateSchema = z.object({
  name: experienceNameSchema.default(DEFAULT_EXPERIENCE_NAME),
});
export type ExperienceCreate = z.input<typeof experienceCreateSchema>;

export const experienceViewSchema = z.object({
  projectId: z.number().int(),
  /** The project's name: the given name plus the experience number (§3). */
  projectName: z.string(),
  experienceNum: z.number().int(),
  /** Simulated devices of the project (claimed at creation). */
  devices: z.number().int(),
  /** Of those, online now. */
  online: z.number().int(),
  createdAt: z.string(),
});
export type ExperienceView = z.infer<typeof experienceViewSchema>;

/** The caller's experience project, or null (and whether they may create one). */
export const experienceStateSchema = z.object({
  experience: experienceViewSchema.nullable(),
  /** False for accounts in free-registration mode (914). */
  allowed: z.boolean(),
  devicesPerProject: z.number().int(),
});
export type ExperienceState = z.infer<typeof experienceStateSchema>;

export const experienceEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/experience',
    summary: "The caller's experience project (null when none) and whether they may create one",
    tag,
    auth: 'session',
    response: experienceStateSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/experience',
    summary:
      'Create the caller’s experience project with its simulated devices; 1161 one exists, 914 free-registration mode, 530 simulator full, 140/1160 project limits',
    tag,
    auth: 'session',
    body: experienceCreateSchema,
    response: experienceViewSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/experience',
    summary: 'Delete the caller’s experience project and stop its simulated devices; 531 none',
    tag,
    auth: 'session',
    response: emptySchema,
  }),
};

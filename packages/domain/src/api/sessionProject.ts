import { z } from 'zod';
import { PROJECT_RIGHT_VALUES } from '../enums/project';
import { netModeSchema } from '../validation/project';

/**
 * The copy of the current project the client keeps in session storage (§3). Never trusted. Apart
 * from the project endpoints (`projects.ts`) because the web reads it on every route, the sign-in
 * screens included, which need none of those endpoints' schemas.
 */
export const sessionProjectSchema = z.object({
  id: z.number().int().default(0),
  right: z.enum(PROJECT_RIGHT_VALUES).default('rw'),
  netMode: netModeSchema.default(0),
  projectName: z.string().default(''),
});
export type SessionProject = z.infer<typeof sessionProjectSchema>;

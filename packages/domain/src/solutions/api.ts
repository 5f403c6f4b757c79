/**
 * The solution generator's endpoints (issue 15 §1; §2 "scheme generation" of the account menu):
 * per account, not per project. Generate a draft from a site's inputs, save it, list, open, change
 * (with the version it was opened at: 54), copy, delete, export it as a PDF, share a copy with
 * another account (21/22/28), and the account's custom scenarios (186, 525–527).
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { emptySchema } from '../api/envelope';
import { dbIdSchema } from '../api/params';
import { SOLUTION_TEXT_MAX_LENGTH } from '../limits';
import { shareAccountSchema } from '../validation/sharing';
import { solutionNameSchema } from '../validation/solutions';
import { optionalTextSchema } from '../validation/text';
import { SOLUTION_ROLES, solutionDevicesSchema } from './devices';
import { solutionInputsSchema } from './inputs';
import { customScenarioInputSchema, customScenarioSchema } from './scenarios';

const prose = (label: string) => optionalTextSchema({ label, max: SOLUTION_TEXT_MAX_LENGTH });

/** A solution as it is saved: name, the inputs it was generated from, its devices and prose. */
export const solutionInputSchema = z.object({
  name: solutionNameSchema,
  inputs: solutionInputsSchema,
  devices: solutionDevicesSchema,
  advice: prose('Deployment advice'),
  advantages: prose('Advantages'),
});
export type SolutionInput = z.input<typeof solutionInputSchema>;

/** `PUT`: the same plus the version the editor opened (54 when the solution changed since). */
export const solutionUpdateSchema = solutionInputSchema.extend({ version: z.int().min(1) });
export type SolutionUpdate = z.input<typeof solutionUpdateSchema>;

export const sizingLineSchema = z.object({
  role: z.enum(SOLUTION_ROLES),
  model: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
});

/** A generated draft: the devices with the reason of each number, and the prose. */
export const solutionDraftSchema = z.object({
  scenarioName: z.string(),
  lines: z.array(sizingLineSchema),
  devices: solutionDevicesSchema,
  coverage: z.object({
    radiusM: z.number(),
    areaPerApM2: z.number(),
    wallsAtEdge: z.number(),
    wallLossDb: z.number(),
    roomWidthM: z.number().nullable(),
  }),
  poe: z.object({ ports: z.number(), watts: z.number(), budgetWatts: z.number() }),
  advice: z.string(),
  advantages: z.string(),
});
export type SolutionDraft = z.infer<typeof solutionDraftSchema>;

export const solutionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The scenario's name as generated (a system label or the custom scenario's name). */
  scenarioName: z.string(),
  inputs: solutionInputsSchema,
  devices: solutionDevicesSchema,
  advice: z.string(),
  advantages: z.string(),
  version: z.number().int(),
  /** Who shared it (their e-mail or mobile), null for the account's own. */
  sharedBy: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Solution = z.infer<typeof solutionSchema>;

export const solutionSummarySchema = solutionSchema
  .omit({ inputs: true, advice: true, advantages: true })
  .extend({
    apCount: z.number().int(),
    deviceCount: z.number().int(),
  });
export type SolutionSummary = z.infer<typeof solutionSummarySchema>;
export const solutionListSchema = z.object({ items: z.array(solutionSummarySchema) });

export const solutionParamsSchema = z.object({ solutionId: dbIdSchema });
export const scenarioParamsSchema = z.object({ scenarioId: dbIdSchema });
/** `?download=1`: as an attachment (a save dialog); otherwise inline (the preview). */
export const solutionPdfQuerySchema = z.object({ download: z.enum(['0', '1']).optional() });
export const solutionShareSchema = z.object({ account: shareAccountSchema });
export type SolutionShareInput = z.input<typeof solutionShareSchema>;
export const solutionShareResultSchema = z.object({ account: z.string() });
export const customScenarioListSchema = z.object({ items: z.array(customScenarioSchema) });

const tag = 'solutions';
const auth = 'session' as const;

export const solutionEndpoints = {
  generate: endpoint({
    method: 'POST',
    path: '/api/solutions/generate',
    summary: 'Size a site: devices with the reason of each number, advice and advantages (527, 528)',
    tag,
    auth,
    body: solutionInputsSchema,
    response: solutionDraftSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/solutions',
    summary: 'My solutions',
    tag,
    auth,
    response: solutionListSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/solutions',
    summary: 'Save a solution (57 no devices, 56 unknown model, 55 order, 524 role, 523 limits, 527)',
    tag,
    auth,
    body: solutionInputSchema,
    response: solutionSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/solutions/:solutionId',
    summary: 'One solution (522)',
    tag,
    auth,
    params: solutionParamsSchema,
    response: solutionSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/solutions/:solutionId',
    summary: 'Change a solution (54 changed since opened; 55–57, 523, 524, 522)',
    tag,
    auth,
    params: solutionParamsSchema,
    body: solutionUpdateSchema,
    response: solutionSchema,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/api/solutions/:solutionId/copy',
    summary: 'Copy a solution ("… copy"; 522)',
    tag,
    auth,
    params: solutionParamsSchema,
    response: solutionSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/solutions/:solutionId',
    summary: 'Delete a solution (522)',
    tag,
    auth,
    params: solutionParamsSchema,
    response: emptySchema,
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/solutions/:solutionId/pdf',
    summary: 'The solution as a PDF: cover, inputs, bill of materials, topology, advice (522)',
    tag,
    auth,
    params: solutionParamsSchema,
    query: solutionPdfQuerySchema,
    response: 'file',
  }),
  share: endpoint({
    method: 'POST',
    path: '/api/solutions/:solutionId/share',
    summary: 'Give another account a copy (22 no such account, 28 yourself, 21 already shared, 522)',
    tag,
    auth,
    params: solutionParamsSchema,
    body: solutionShareSchema,
    response: solutionShareResultSchema,
  }),
  scenarios: endpoint({
    method: 'GET',
    path: '/api/solution-scenarios',
    summary: 'My custom scenarios',
    tag,
    auth,
    response: customScenarioListSchema,
  }),
  createScenario: endpoint({
    method: 'POST',
    path: '/api/solution-scenarios',
    summary: 'Add a custom scenario (186 over 20, 525 a system name, 526 exists)',
    tag,
    auth,
    body: customScenarioInputSchema,
    response: customScenarioSchema,
  }),
  removeScenario: endpoint({
    method: 'DELETE',
    path: '/api/solution-scenarios/:scenarioId',
    summary: 'Delete a custom scenario (saved solutions keep its name; 527)',
    tag,
    auth,
    params: scenarioParamsSchema,
    response: emptySchema,
  }),
};

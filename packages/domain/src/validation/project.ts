import { z } from 'zod';
import { NET_MODES, SCENARIOS } from '../enums/project';
import { PROJECT_ADDRESS_MAX_LENGTH, PROJECT_LOCATION_MAX_LENGTH, PROJECT_NAME_MAX_LENGTH } from '../limits';
import { optionalTextSchema, textSchema } from './text';

export const projectNameSchema = textSchema({ label: 'Project name', max: PROJECT_NAME_MAX_LENGTH });
export const netModeSchema = z.union([z.literal(NET_MODES.WLAN), z.literal(NET_MODES.MESH)], {
  message: 'Choose a network mode: traditional WLAN or cable-free (mesh).',
});
export const scenarioSchema = z.enum(SCENARIOS, { message: 'Choose a scenario.' });
export const projectLocationSchema = optionalTextSchema({
  label: 'Location',
  max: PROJECT_LOCATION_MAX_LENGTH,
});
export const projectAddressSchema = optionalTextSchema({
  label: 'Detailed address',
  max: PROJECT_ADDRESS_MAX_LENGTH,
});

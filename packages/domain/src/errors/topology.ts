/**
 * Error codes of the topology's manual nodes (issue 12 §3 "manual editing"): Netloom additions,
 * listed in `NETLOOM_ADDED_CODES`. Assembled into `ERR` by `catalogue.ts`.
 */
import { TOPOLOGY_MANUAL_MAX_NODES } from '../limits';

export const TOPOLOGY_ERRORS = {
  TOPOLOGY_MANUAL_LIMIT: {
    code: 470,
    message: `A topology can hold at most ${TOPOLOGY_MANUAL_MAX_NODES} manually added devices.`,
  },
  TOPOLOGY_PARENT_UNKNOWN: {
    code: 471,
    message: 'The device to connect to is not in this project.',
  },
  TOPOLOGY_PARENT_PORT: {
    code: 472,
    message: 'Choose the port of the device the new device is connected to.',
  },
} as const;

/**
 * The commands feature's public interface: command jobs to devices (reboot, PoE reboot, scans,
 * client kick…) with their replies and progress. Other features ask through these, never the store.
 */
export {
  type CommandService,
  type CommandsDeps,
  type CommandsFeature,
  createCommandsFeature,
} from './feature';
export {
  type CommandRow,
  type CreateCommandInput,
  DEFAULT_COMMAND_TTL_MS,
  MAX_COMMAND_TTL_MS,
  toCommandJob,
} from './service';

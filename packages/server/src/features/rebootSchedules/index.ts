/** The reboot schedules feature's public interface: its constructor (no other feature asks it). */
export {
  createRebootSchedulesFeature,
  type RebootSchedulesFeature,
  type RebootSchedulesFeatureDeps,
} from './feature';

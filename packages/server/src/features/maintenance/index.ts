/**
 * The maintenance feature's public interface: its constructor and the restart on the system's
 * behalf that reboot schedules ask for.
 */
export {
  createMaintenanceFeature,
  type Maintenance,
  type MaintenanceFeature,
  type MaintenanceFeatureDeps,
} from './feature';

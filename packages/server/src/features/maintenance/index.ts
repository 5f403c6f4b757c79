/** The maintenance feature's public interface: nothing but its constructor (no other feature asks it). */
export { createMaintenanceFeature, type MaintenanceFeatureDeps } from './feature';

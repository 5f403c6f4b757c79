/** The monitoring feature's public interface (it answers no other feature). */
export { createMonitoringFeature, type MonitoringDeps, type MonitoringFeature } from './feature';

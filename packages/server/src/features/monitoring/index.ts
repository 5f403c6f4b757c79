/** The monitoring feature's public interface: figures across projects (the data screen). */
export type { AcrossProjects, ProjectFigures, TrendPoint } from './across';
export {
  createMonitoringFeature,
  type Monitoring,
  type MonitoringDeps,
  type MonitoringFeature,
} from './feature';

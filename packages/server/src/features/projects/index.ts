/** The projects feature's public interface: membership and rights, for the infrastructure's guards. */
export { createProjectsFeature, type Projects, type ProjectsDeps, type ProjectsFeature } from './feature';
export type { ProjectLimits } from './service';

/**
 * The projects feature's public interface: membership and rights (for the infrastructure's guards),
 * a project's settings (time zone, network mode, lock), a member's projects, and the live demo's
 * fixed projects. Other features ask here, never the `projects` tables.
 */
export {
  createProjectsFeature,
  type OwnedProjectInput,
  type Projects,
  type ProjectsDeps,
  type ProjectsFeature,
} from './feature';
export type { Grant, MemberRow, MemberStore, ShareRow } from './members';
export type { ProjectLimits } from './service';
export type { FixedProject, ProjectSettings } from './store';

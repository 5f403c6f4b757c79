/**
 * The projects feature's public face: the account's project list (the header's switcher, the menu's
 * lock state), opening a project, and the banner over a locked project's pages.
 */
export { fetchProject, fetchProjects, useProjects } from './api';
export { projectKeys, projectsLive } from './keys';
export { LockedProjectBanner } from './LockedProjectBanner';
export { useOpenProject } from './useOpenProject';
export { useProjectLocked } from './useProjectLocked';

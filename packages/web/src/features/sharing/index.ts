/**
 * The sharing feature's public face (issue 14 §1): the project list's "Join with code" button, the
 * console's watcher that lets go of a project whose share ended, and its live invalidations.
 */

export { JoinProjectButton } from './JoinProjectButton';
export { sharingKeys, sharingLive } from './keys';
export { ProjectAccessWatcher } from './ProjectAccessWatcher';

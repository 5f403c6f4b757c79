/**
 * The transfer feature's public face (issue 14 §2): the project drawer's "Transfer ownership"
 * section and dialog, the console's follower of `project.changed`, and its live invalidations.
 */
export { transferLive } from './keys';
export { ProjectChangeFollower } from './ProjectChangeFollower';
export { TransferSection } from './TransferSection';

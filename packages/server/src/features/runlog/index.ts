/**
 * The system log's public interface: the hook project sharing calls when a member signs in to a
 * shared project. Its table (`runlog_settings`) is its own; the log rows are the change log's.
 */
export { createRunlogFeature, type Runlog, type RunlogDeps, type RunlogFeature } from './feature';

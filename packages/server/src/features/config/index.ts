/**
 * The configuration feature's public interface: the generic desired-state engine. Kind features
 * (network, switching, wireless, rf, cpe) register their settings kinds with it and ask it for
 * devices, documents, saves, views and delivery states — never its store.
 */

export type { DeviceFacts } from './facts';
export {
  type ConfigApi,
  type ConfigFeature,
  type ConfigFeatureDeps,
  createConfigFeature,
  type DeliveryState,
} from './feature';
export type { DocumentMeta, DocumentView, ViewTargets } from './history';
export type { KindRecord, ServerIssueContext } from './kinds';
export type { ProjectLog, ProjectLogCursor, ProjectLogFilter } from './projectLog';
/** Refusing a request with coded issues, as a save does (kind features' own actions use it too). */
export { refuseIssues } from './rules';
export type { SaveActor, SaveInput } from './save';

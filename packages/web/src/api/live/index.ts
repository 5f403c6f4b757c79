/** The live channel: one WebSocket per tab, its hooks, and the registry of features' invalidations. */
export {
  addLiveHandler,
  addResyncHandler,
  getLiveStatus,
  type LiveStatus,
  liveProtocols,
  onProjectRefused,
  onSessionInDoubt,
  pauseLive,
  resumeLive,
  stopLive,
  subscribeProject,
} from './channel';
export { useLiveEvents, useLiveStatus } from './hooks';
export {
  keysForEvent,
  type LiveInvalidations,
  registerLiveInvalidations,
  resyncKeys,
  useLiveQueryInvalidation,
} from './invalidation';

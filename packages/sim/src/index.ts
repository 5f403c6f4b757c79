// The device simulator: virtual devices that speak only the protocol of @netloom/protocol over real
// MQTT, a deterministic fleet plan, and the client population behind them.
// The development key devices and a console without PROVISIONING_KEY share (written once, in protocol).
export { DEV_PROVISIONING_KEY } from '@netloom/protocol';
export { activityAt, SimClock } from './clock';
export { contentHash } from './device/config';
export type { ConfigApply, DeviceOptions, DeviceStats } from './device/context';
export { UPGRADE_FAILURES, type UpgradeFailure } from './device/context';
export { bridgeLink, cpeState } from './device/cpe';
export { type DevicePhase, VirtualDevice } from './device/device';
export { pushEvent } from './device/events';
export { localWebSettings } from './device/remoteWeb';
export { broadcastOffers, scanNetworks } from './device/wireless';
export { createFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet';
export { kindOfSerial, SN_PREFIX, simSerial, TYPE_CODES } from './plan/identity';
export {
  type FleetPlan,
  isMixName,
  MIXES,
  type MixName,
  type PlanOptions,
  planFleet,
} from './plan/plan';
export { SITE_KINDS, type SiteKind } from './plan/sites';
export type { PlannedDevice } from './plan/types';
export {
  type RoamingPolicy,
  type SimClient,
  SitePopulation,
  type WifiOffer,
  type WifiView,
} from './population';
export { Rng } from './rng';
export { CALIBRATION_FLOOR, calibrationFloorPlan } from './wifi/calibrationFloor';
export { floorReceivedDbm, floorWallLossDb, type SimFloorPlan, type SimFloorWall } from './wifi/floor';
export {
  distance,
  HEARING_FLOOR_DBM,
  type Point,
  pathLossDb,
  receivedDbm,
} from './wifi/propagation';

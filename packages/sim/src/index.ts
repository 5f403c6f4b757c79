// The device simulator: virtual devices that speak only the protocol of @netloom/protocol over real
// MQTT, a deterministic fleet plan, and the client population behind them.
export { activityAt, SimClock } from './clock';
export type { DeviceOptions, DeviceStats } from './device/context';
export { type DevicePhase, VirtualDevice } from './device/device';
export { createFleet, type Fleet, type FleetOptions, type FleetStats } from './fleet';
export { kindOfSerial, SN_PREFIX, simSerial, TYPE_CODES } from './plan/identity';
export {
  type FleetPlan,
  isMixName,
  MIXES,
  type MixName,
  type PlannedDevice,
  type PlanOptions,
  planFleet,
} from './plan/plan';
export { SITE_KINDS, type SiteKind } from './plan/sites';
export { type SimClient, SitePopulation } from './population';
export { Rng } from './rng';

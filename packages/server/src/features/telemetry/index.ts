/**
 * The telemetry feature's public interface: the project series (for the features that feed or read
 * them: clients, monitoring), commit notifications and counters (metrics), the retention run other
 * features' history follows, and the series model — which panel a device feeds, bucket widths.
 */
export { seriesSinkOf, telemetryWriteJobs } from './batchWrite';
export {
  createTelemetryFeature,
  type SeriesSink,
  type Telemetry,
  type TelemetryDeps,
  type TelemetryFeature,
} from './feature';
export {
  AP_TYPES,
  bucketOf,
  type DeviceSeriesKind,
  FIVE_MINUTES,
  ONE_HOUR,
  seriesKindOf,
} from './kinds';
export type { HistoryPrune, RetentionCutoffs } from './retention';
export { type Sample, type SeriesRow, seriesRow } from './rollup';
export type { SeriesTable } from './store';

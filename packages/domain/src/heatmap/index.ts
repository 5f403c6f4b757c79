/**
 * The Wi-Fi heat map (issue 12 §2, docs/heatmap.md): a multi-wall log-distance model computed over a
 * floor's raster (fast, with the every-wall reference beside it), its views, and the calibration of
 * the path-loss exponent from neighbour scans. Pure TypeScript: runs in a Web Worker or on the server.
 */
export {
  type CalibrationInput,
  calibrationText,
  fitPathLossExponent,
  isCalibrationUsable,
  type NeighbourMeasurement,
  type PathLossCalibration,
} from './calibration';
export * from './constants';
export { computeHeatmap, computeHeatmapNaive, heatmapGrid } from './grid';
export { channelFrequencyMhz, freeSpaceLossDb, logDistanceLossDb, referenceLossDb } from './pathLoss';
export { type ApPlan, type ApPlanInput, type ApPlanOutcome, planAps, planSummary } from './placement';
export * from './planOptions';
export * from './types';
export * from './views';
export { buildWallSet, GEOMETRY_EPS_M, rayWallLossDb, type WallSet, wallHits } from './walls';

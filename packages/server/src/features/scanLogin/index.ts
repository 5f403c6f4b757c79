/** The scan-to-login feature's public interface: its constructor (no other feature asks it). */
export { createScanLoginFeature, type ScanLoginDeps, type ScanLoginFeature } from './feature';

/** The transfer feature's public interface: its constructor only (nothing else asks it). */
export { createTransferFeature, type TransferDeps } from './feature';
export type { TransferLimits } from './service';

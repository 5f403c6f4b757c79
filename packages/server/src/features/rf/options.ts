/** The timing of RF optimisation runs (tests shorten them). */
export interface RfOptions {
  /** How long each AP listens in the scan stage. */
  scanMs: number;
  /** How long the scan stage waits for an AP's reply (then the AP is left out). */
  scanTimeoutMs: number;
  /** How long the applying stage waits for the devices to apply their new radios. */
  applyTimeoutMs: number;
  /** How often the automatic schedule is checked. */
  autoTickMs: number;
  /** Planner search budget. */
  planBudgetMs: number;
}

export const DEFAULT_RF_OPTIONS: RfOptions = {
  scanMs: 5000,
  scanTimeoutMs: 20_000,
  applyTimeoutMs: 60_000,
  autoTickMs: 30_000,
  planBudgetMs: 1500,
};

/** The clock-control feature's public interface (browser tests only; it answers no other feature). */
export { type ClockControlDeps, createClockControlFeature } from './feature';

/**
 * The experience feature's public interface: the feature, and the simulator interface `main.ts`
 * implements with `@netloom/sim` (the app knows no simulator).
 */
export { createExperienceFeature, type ExperienceDeps, type ExperienceFeature } from './feature';
export type { ExperienceSimulator, FleetStart, RunningFleet, SimulatedUnit } from './simulator';

/**
 * The activation feature's public interface: its constructor, and its store for the benchmark's
 * bulk load and rollup rebuild (no other feature asks it).
 */
export { type ActivationDeps, type ActivationFeature, createActivationFeature } from './feature';
export { ActivationStore, type NewActivation } from './store';

/** The topology feature's public interface (it answers no other feature). */
export { createTopologyFeature, type TopologyDeps } from './feature';

/** The metrics feature's public interface (it answers no other feature). */
export { createMetricsFeature, type MetricsDeps } from './feature';

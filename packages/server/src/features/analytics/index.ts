/** The analytics feature's public interface: its constructor only (nothing else asks it). */
export { type AnalyticsDeps, createAnalyticsFeature } from './feature';

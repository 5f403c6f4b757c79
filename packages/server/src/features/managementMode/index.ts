/** The management-mode feature's public interface (issue 15). */
export { createManagementModeFeature, type ManagementModeFeatureDeps } from './feature';

/** Configuration delivery, history and audit: the pieces settings pages and the shell import. */
export { ConfigDeliveryBar } from './ConfigDeliveryBar';
export { ConfigDiffTable } from './ConfigDiffTable';
export { ConfigHistoryButton } from './ConfigHistoryButton';
export { ConfigHistoryDrawer } from './ConfigHistoryDrawer';
export { ConfigStatusTag } from './ConfigStatusTag';
export { ConfigTargetTable } from './ConfigTargetTable';
export { PendingConfigIndicator } from './PendingConfigIndicator';
export { type ConfigMutation, type ConfigSaveFlowOptions, useConfigSaveFlow } from './useConfigSaveFlow';

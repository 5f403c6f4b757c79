/**
 * The configuration engine's public face: what settings features (network, switching, wireless,
 * rf, cpe) build on — keys, the save of a document and its flow, the rights of a settings page —
 * and the delivery pieces the device pages and the header show.
 */

// The Log page's configuration tabs (the page is the runlog feature's).
export { AuditTable } from './AuditTable';
export { type SaveConfigInput, useConfigStatus, useSaveSettings, useSettingsView } from './api';
export { ConfigDeliveryBar } from './ConfigDeliveryBar';
export { ConfigHistoryButton } from './ConfigHistoryButton';
export { ConfigStatusTag } from './ConfigStatusTag';
export { CONFIG_COLUMN_WIDTH, configDeliveryColumn, useDeliveryByDevice } from './configColumn';
export { DeviceConfigSection } from './DeviceConfigSection';
export { DeviceConfigTag } from './DeviceConfigTag';
export { configKeys, configLive } from './keys';
export { LogDeviceFilter } from './LogDeviceFilter';
export { LOG_DEVICE_PARAM, LOG_PROJECT_WIDE_PARAM, type LogFilter } from './logPath';
export { PendingConfigIndicator } from './PendingConfigIndicator';
export { RevisionsTable } from './RevisionsTable';
export { SettingsStatus } from './SettingsStatus';
export { type ConfigMutation, useConfigSaveFlow } from './useConfigSaveFlow';
export { accessTexts, type SettingsAccess, useSettingsAccess } from './useSettingsAccess';
export { type SettingsEditor, useSettingsEditor } from './useSettingsEditor';
export { type SettingsSaveOutcome, useSettingsSave } from './useSettingsSave';

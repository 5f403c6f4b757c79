import { type TablePreference, tablePreferenceSchema } from '@netloom/domain';
import { parseTablePreference, useTablePreference } from '../../components/table';

/**
 * Until the account chooses, the table shows what an installer scans a site by — status, name,
 * delivery, model, SN, IP and clients — and fits a 1366–1440 px laptop without sideways scrolling;
 * the rest (addresses, versions, load, traffic, notes) is one click away in the column settings.
 */
export const DEFAULT_HIDDEN_DEVICE_COLUMNS = [
  'mac',
  'firmwareVersion',
  'hardwareVersion',
  'uplink',
  'cpu',
  'memory',
  'uptime',
  'txRate',
  'rxRate',
  'managementMode',
  'location',
  'remark',
] as const;

const DEFAULTS: TablePreference = tablePreferenceSchema.parse({
  hiddenColumns: [...DEFAULT_HIDDEN_DEVICE_COLUMNS],
});

const parseDevicePreference = (raw: unknown) => parseTablePreference(raw, DEFAULTS);

/** The device table's settings of one type tab (`table:devices:<tab>`), remembered per account. */
export function useDeviceTablePreference(tab: string) {
  return useTablePreference(`table:devices:${tab}`, parseDevicePreference);
}

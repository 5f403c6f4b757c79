import { type TablePreference, tablePreferenceSchema } from '@netloom/domain';
import { parseTablePreference, useTablePreference } from '../../components/table';

/**
 * Until the account chooses, the rarely needed columns start hidden so the table fits a laptop
 * screen without sideways scrolling; column settings bring them back.
 */
const DEFAULTS: TablePreference = tablePreferenceSchema.parse({
  hiddenColumns: ['hardwareVersion', 'managementMode', 'remark', 'mac'],
});

const parseDevicePreference = (raw: unknown) => parseTablePreference(raw, DEFAULTS);

/** The device table's settings of one type tab (`table:devices:<tab>`), remembered per account. */
export function useDeviceTablePreference(tab: string) {
  return useTablePreference(`table:devices:${tab}`, parseDevicePreference);
}

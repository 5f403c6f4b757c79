/**
 * The `blacklist` settings kind: the project's blocked clients, rendered into the `blacklist`
 * section of every device that broadcasts the project's Wi-Fi (APs, wireless routers, mesh units —
 * the `wireless` kind's reach). A device refuses a listed client's association and disconnects it
 * if it is connected (docs/protocol.md §7.1).
 */
import { z } from 'zod';
import { MAC_ADDRESS_RE } from '../api/clients';
import { defineKind } from '../config/kind';
import { MAX_BLACKLIST_ENTRIES } from '../limits';
import { takesWifiPolicies, WIFI_POLICY_KINDS } from '../wireless/settings';
import { BLACKLIST_DIFF } from './diff';
import { blacklistIssues } from './issues';
import { type BlacklistSettings, blacklistSettingsSchema, defaultBlacklistSettings } from './settings';

/** The device section: the blocked MACs, upper-case, in the order they were blocked. */
export const deviceBlacklistSchema = z.object({
  macs: z.array(z.string().regex(MAC_ADDRESS_RE)).max(MAX_BLACKLIST_ENTRIES),
});
export type DeviceBlacklistSection = z.infer<typeof deviceBlacklistSchema>;

/** The `blacklist` kind's definition (registered by the server's blacklist feature). */
export const blacklistKind = defineKind<BlacklistSettings, { blacklist: typeof deviceBlacklistSchema }>(
  'blacklist',
  {
    schema: blacklistSettingsSchema,
    support: { kinds: WIFI_POLICY_KINDS, capability: 'wifi' },
    /** The clients the device refuses. */
    sections: { blacklist: deviceBlacklistSchema },
    diff: BLACKLIST_DIFF,
    factory: () => defaultBlacklistSettings(),
    reach: ({ devices }) => devices.filter(takesWifiPolicies),
    // An empty list is sent as such once a blacklist was saved: the device unblocks everyone.
    render: (settings, { device }) =>
      settings && takesWifiPolicies(device) && (device.model?.radios.length ?? 0) > 0
        ? { blacklist: { macs: settings.entries.map((e) => e.mac.toUpperCase()) } }
        : {},
    issues: (settings) => blacklistIssues(settings),
  },
);

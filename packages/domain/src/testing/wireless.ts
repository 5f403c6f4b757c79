/**
 * Test factories of the wireless settings: a fixture is parsed by the domain schema it stands for,
 * so it is always a document the API would accept in shape (the §5 rules may still refuse it, which
 * is what rule tests want).
 */
import { type WirelessPolicy, wirelessPolicySchema } from '../wireless/settings';

let sequence = 0;

/**
 * A valid Wi-Fi policy: WPA2-PSK/AES on both bands for every device, with a key, name and SSID of
 * its own (`pol0001`, `Policy 1`, `Net-1`…) so several in one document do not collide; `over`
 * replaces any field.
 */
export function buildWirelessPolicy(over: Partial<WirelessPolicy> = {}): WirelessPolicy {
  sequence += 1;
  return wirelessPolicySchema.parse({
    key: `pol${String(sequence).padStart(4, '0')}`,
    name: `Policy ${sequence}`,
    enabled: true,
    ssid: `Net-${sequence}`,
    ssid5: '',
    bands: ['2.4G', '5G'],
    security: 'WPA2-PSK',
    cipher: 'AES',
    password: 'correct horse',
    keyUpdateInterval: 3600,
    hidden: false,
    maxClients: { '2.4G': 64, '5G': 128 },
    schedule: '',
    vlanId: null,
    guest: false,
    rateLimit: { enabled: false, downKbps: null, upKbps: null },
    radius: null,
    scope: 'all',
    deviceIds: [],
    ...over,
  });
}

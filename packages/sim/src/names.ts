/**
 * Client identities: host names, vendor MAC prefixes and SSIDs that look like a real network's, so
 * the console's client list, "authentication types" chart and searches have something to show.
 */
import type { ClientType } from '@netloom/protocol';
import type { SiteKind } from './plan/sites';
import type { Rng } from './rng';

const FIRST = [
  'Anna',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Kai',
  'Lena',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
  'Rosa',
  'Sam',
  'Tara',
  'Yusuf',
];

interface Identity {
  name: string;
  oui: string;
}

const MAKERS: Record<ClientType, ((rng: Rng) => Identity)[]> = {
  phone: [
    (r) => ({ name: `${r.pick(FIRST)}-iPhone`, oui: 'A4:83:E7' }),
    (r) => ({ name: `Galaxy-S${r.int(20, 24)}`, oui: '8C:F5:A3' }),
    (r) => ({ name: `Pixel-${r.int(6, 9)}`, oui: '3C:28:6D' }),
    (r) => ({ name: `${r.pick(FIRST)}s-Phone`, oui: 'DA:A1:19' }),
  ],
  computer: [
    (r) => ({ name: `DESKTOP-${r.hex(7).toUpperCase()}`, oui: 'F8:BC:12' }),
    (r) => ({ name: `${r.pick(FIRST)}-MacBook-Pro`, oui: 'A4:83:E7' }),
    (r) => ({ name: `LAPTOP-${r.hex(6).toUpperCase()}`, oui: '7C:B2:7D' }),
    (r) => ({ name: `${r.pick(FIRST)}-ThinkPad`, oui: '54:EE:75' }),
  ],
  tablet: [
    (r) => ({ name: `${r.pick(FIRST)}-iPad`, oui: 'A4:83:E7' }),
    (r) => ({ name: `Galaxy-Tab-S${r.int(7, 9)}`, oui: '8C:F5:A3' }),
  ],
  tv: [
    (r) => ({ name: r.pick(['LivingRoom-TV', 'Meeting-Room-TV', 'Lobby-Display']), oui: '8C:F5:A3' }),
    (r) => ({ name: `Chromecast-${r.hex(4)}`, oui: '3C:28:6D' }),
  ],
  printer: [
    (r) => ({ name: `HP-LaserJet-${r.hex(4).toUpperCase()}`, oui: '3C:D9:2B' }),
    (r) => ({ name: `EPSON${r.hex(6).toUpperCase()}`, oui: '64:EB:8C' }),
  ],
  iot: [
    (r) => ({ name: `ESP_${r.hex(6).toUpperCase()}`, oui: '24:6F:28' }),
    (r) => ({ name: r.pick(['Shelly-Plug', 'Nest-Thermostat', 'Echo-Dot', 'Hue-Bridge']), oui: 'EC:FA:BC' }),
  ],
  camera: [(r) => ({ name: `IPCAM-${r.hex(4).toUpperCase()}`, oui: 'BC:AD:28' })],
  unknown: [() => ({ name: '', oui: 'DA:A1:19' })],
};

export function clientIdentity(type: ClientType, rng: Rng): Identity {
  return rng.pick(MAKERS[type])(rng);
}

/** Which kind of client joins, by site kind (wireless and wired pools differ). */
export function clientTypeFor(siteKind: SiteKind, wireless: boolean, rng: Rng): ClientType {
  if (!wireless) return rng.weighted({ computer: 6, printer: 2, tv: 1, iot: 1, camera: 1, unknown: 1 });
  if (siteKind === 'home')
    return rng.weighted({ phone: 5, tablet: 2, computer: 2, tv: 2, iot: 3, unknown: 1 });
  return rng.weighted({ phone: 6, computer: 5, tablet: 1, tv: 1, iot: 1, printer: 1, unknown: 1 });
}

export interface Ssid {
  ssid: string;
  auth: 'none' | 'WPA-PSK' | 'WPA2-PSK' | 'WPA/WPA2-PSK' | 'WPA3-SAE' | 'WPA3-SAE/WPA2-PSK' | 'WPA' | 'WPA2';
  vlan?: number;
  weight: number;
}

/** The SSIDs of a site; clients spread over them by weight. */
export function siteSsids(siteKind: SiteKind, site: number, rng: Rng): Ssid[] {
  if (siteKind === 'home') {
    return [
      {
        ssid: `Home-${rng.hex(4).toUpperCase()}`,
        auth: rng.pick(['WPA2-PSK', 'WPA3-SAE/WPA2-PSK', 'WPA/WPA2-PSK']),
        weight: 8,
      },
      { ssid: 'Home-Guest', auth: rng.pick(['none', 'WPA2-PSK']), weight: 1 },
    ];
  }
  const name = rng.pick(['Office', 'Netloom', 'Acme', 'Studio', 'Clinic', 'Cafe', 'Hotel']);
  return [
    { ssid: `${name}-${site}`, auth: rng.pick(['WPA2-PSK', 'WPA3-SAE/WPA2-PSK']), vlan: 10, weight: 6 },
    { ssid: `${name}-Guest`, auth: rng.pick(['none', 'WPA/WPA2-PSK', 'WPA3-SAE']), vlan: 20, weight: 3 },
    { ssid: `${name}-Staff`, auth: rng.pick(['WPA2', 'WPA']), vlan: 30, weight: 2 },
    { ssid: `${name}-IoT`, auth: 'WPA-PSK', vlan: 40, weight: 1 },
  ];
}

import {
  DEMO_PROJECT_IDS,
  defaultDeviceName,
  type ExperCfg,
  isGatewayKind,
  type ModelKind,
  NET_MODES,
  type ProjectPlace,
} from '@netloom/domain';

/**
 * What the live demo is made of (pure): two projects, the simulated devices of each, the names the
 * devices are stored under and the `exper_cfg` rules that rename them (and the simulator's SSIDs)
 * for display. Deterministic: the same plan on every start, so a restart claims the same SNs.
 *
 * The devices are the simulator's plan of {@link DEMO_FLEET}, made by `main.ts` (the app itself
 * knows no simulator) and handed to `buildApp`; only the fields below are read.
 */

/** A unit of the simulator's fleet plan, as the demo reads it (the sim's `PlannedDevice` fits). */
export interface DemoUnit {
  sn: string;
  kind: ModelKind;
  model: { model: string };
  /** Which site of the plan; the demo takes site 0, the catalogue tour. */
  site: number;
  /** null for a site's root (its uplink is the internet). */
  uplink: unknown;
  /** Primary 0, secondary 1 (mesh units). */
  meshRole?: number | undefined;
}

/** Seed of the demo fleet; not the simulator CLI's default (1), so a user's own sim never collides. */
export const DEMO_SEED = 500_000;
export const [DEMO_HOTEL_ID, DEMO_HOME_ID] = DEMO_PROJECT_IDS;
/** Demo devices report every 10 s (not 30 s), so charts and lists fill within a minute of start. */
export const DEMO_TELEMETRY_INTERVAL_MS = 10_000;

// The catalogue tour: one unit of every model in one site tree (gateway, PoE core switch, …).
const TOUR_SIZE = 31;

/**
 * The simulator's plan options of the demo fleet: `main.ts` plans it with `planFleet(DEMO_FLEET)`
 * and starts it with the same seed, mix and size, so the plan and the running fleet agree.
 */
export const DEMO_FLEET = { seed: DEMO_SEED, mix: 'tour', devices: TOUR_SIZE } as const;

export interface DemoProjectPlan {
  id: number;
  name: string;
  netMode: number;
  scenario: string;
  location: string;
  address: string;
  /** Where the data screen shows it. */
  place: ProjectPlace;
  devices: DemoUnit[];
}

export interface DemoPlan {
  projects: DemoProjectPlan[];
  /** Every SN the demo starts (the fleet's other planned units are never started). */
  sns: string[];
  experCfg: ExperCfg[];
}

const FRIENDLY: Record<ModelKind, string> = {
  v7: 'Front office gateway',
  router: 'Edge router',
  wrouter: 'Wireless router',
  mesh: 'Mesh node',
  ap: 'AP',
  switch: 'Switch',
  cpe: 'Bridge',
  nvr: 'Recorder',
  ipc: 'Camera',
};
const HOTEL_PLACES = ['Lobby', 'Restaurant', 'Pool bar', 'Conference', 'Floor 2', 'Floor 3', 'Spa', 'Gym'];
const HOME_PLACES = ['Living room', 'Bedroom', 'Study', 'Garden'];

/** A friendly display name per device: the kind's word, a place, a number when the place repeats. */
function friendlyNames(devices: DemoUnit[], places: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const perKind = new Map<ModelKind, number>();
  for (const d of devices) {
    const n = perKind.get(d.kind) ?? 0;
    perKind.set(d.kind, n + 1);
    if (d.kind === 'v7' || d.kind === 'router') names.set(d.sn, FRIENDLY[d.kind]);
    else if (d.kind === 'mesh')
      names.set(d.sn, d.meshRole === 0 ? 'Mesh main router' : `${places[n % places.length]} mesh node`);
    else if (d.kind === 'switch')
      names.set(d.sn, n === 0 ? 'Core PoE switch' : `${places[n % places.length]} switch`);
    else if (d.kind === 'cpe') names.set(d.sn, n === 0 ? 'Car park bridge (near)' : 'Car park bridge (far)');
    else
      names.set(
        d.sn,
        `${places[n % places.length]} ${FRIENDLY[d.kind]}${n >= places.length ? ` ${n + 1}` : ''}`,
      );
  }
  return names;
}

/** SSID rules: a site's main SSID ("Cafe-0") becomes `brand`, the others ("Cafe-Guest") `brand-Guest`. */
function ssidRules(words: string[], brand: string): ExperCfg['exper_pro_ssid'] {
  return [
    ...words.map((w) => ({ source_ssid: `${w}-0`, target_ssid: brand })),
    ...words.map((w) => ({ source_ssid: `${w}-`, target_ssid: `${brand}-` })),
  ];
}

/** The name a demo device is stored under (the default name; `exper_cfg` maps it for display). */
export function storedName(d: DemoUnit): string {
  return defaultDeviceName(d.sn, d.model.model);
}

/** The demo from the simulator's plan of {@link DEMO_FLEET} (no units: a demo with no devices). */
export function demoPlan(units: readonly DemoUnit[]): DemoPlan {
  const tour = units.filter((d) => d.site === 0);
  const root = tour.find((d) => d.uplink === null);
  // A project has one gateway (code 67) and never mixes mesh and traditional WLAN (87/88): the hotel
  // keeps the tour's root gateway and every non-mesh unit that is not another gateway; the home gets
  // the mesh family. (So the catalogue's extra gateways and wireless routers are not in the demo.)
  const hotel = tour.filter((d) => d.kind !== 'mesh' && (!isGatewayKind(d.kind) || d === root));
  const home = tour.filter((d) => d.kind === 'mesh');
  const hotelNames = friendlyNames(hotel, HOTEL_PLACES);
  const homeNames = friendlyNames(home, HOME_PLACES);
  const rules = (list: DemoUnit[], names: Map<string, string>) =>
    list.map((d) => ({ source_name: storedName(d), target_name: names.get(d.sn) ?? storedName(d) }));
  // The simulator names office SSIDs after a business (e.g. "Cafe-0", "Cafe-Guest") and home SSIDs
  // "Home-XXXX": the demo shows them as the hotel's and the family's networks.
  const businessWords = ['Office', 'Netloom', 'Acme', 'Studio', 'Clinic', 'Cafe', 'Hotel'];
  return {
    sns: [...hotel, ...home].map((d) => d.sn),
    projects: [
      {
        id: DEMO_HOTEL_ID,
        name: 'Demo hotel',
        netMode: NET_MODES.WLAN,
        scenario: 'hotel',
        location: 'Lisbon',
        address: 'Avenida da Liberdade 100',
        place: { lat: 38.7205, lng: -9.1459, country: 'PT', city: 'Lisbon' },
        devices: hotel,
      },
      {
        id: DEMO_HOME_ID,
        name: 'Demo home',
        netMode: NET_MODES.MESH,
        scenario: 'home',
        location: 'Lisbon',
        address: 'Rua das Flores 7',
        place: { lat: 38.7103, lng: -9.1438, country: 'PT', city: 'Lisbon' },
        devices: home,
      },
    ],
    experCfg: [
      {
        exper_mode: NET_MODES.WLAN,
        exper_pro_name: rules(hotel, hotelNames),
        exper_pro_ssid: ssidRules(businessWords, 'Seaview'),
      },
      {
        exper_mode: NET_MODES.MESH,
        exper_pro_name: rules(home, homeNames),
        // The mesh units are planned in the office tree, so their clients carry office SSIDs too.
        exper_pro_ssid: [
          ...ssidRules(businessWords, 'Family'),
          { source_ssid: 'Home-Guest', target_ssid: 'Family-Guest' },
          { source_ssid: 'Home-', target_ssid: 'Family-' },
        ],
      },
    ],
  };
}

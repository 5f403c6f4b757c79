import { describe, expect, it } from 'vitest';
import { MESH_NODE_TYPES } from '../enums/devices';
import {
  MAX_CLIENTS_PER_BAND,
  TX_POWER_MAX,
  TX_POWER_MIN,
  VLAN_DEFAULT_MAX,
  VLAN_DEFAULT_MIN,
} from '../limits';
import { portLayout } from './build';
import { DEVICE_CAPABILITIES } from './capabilities';
import {
  DEVICE_MODELS,
  deviceVlansList,
  findModel,
  isFirmwareOutdated,
  latestFirmware,
  modelBands,
  modelHas,
  modelsOfType,
  poePorts,
} from './catalogue';
import { MODEL_KINDS, RADIO_BANDS } from './types';

const SPEEDS = [100, 1000, 2500, 10000];
const copperCount = (m: (typeof DEVICE_MODELS)[number]) => m.ports.filter((p) => p.media === 'copper').length;

describe('model catalogue shape', () => {
  it('has unique model ids and display names, in the wire format', () => {
    const ids = DEVICE_MODELS.map((m) => m.model);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(DEVICE_MODELS.map((m) => m.name)).size).toBe(ids.length);
    for (const m of DEVICE_MODELS) {
      expect(m.model).toMatch(/^NL-[A-Z0-9]{2,12}$/);
      expect(m.name.startsWith(`${m.model} `)).toBe(true);
      expect(m.vectorImg).toMatch(/^[a-z0-9_]+$/);
      expect(m.hardwareVersion).toMatch(/^V\d+\.\d+$/);
    }
  });

  it('covers every kind, and every kind of device the simulator must play', () => {
    for (const kind of MODEL_KINDS) expect(modelsOfType(kind).length, kind).toBeGreaterThan(0);
    const mesh = modelsOfType('mesh');
    expect(mesh.some((m) => m.meshRoles.includes(MESH_NODE_TYPES.PRIMARY))).toBe(true);
    expect(mesh.some((m) => m.meshRoles.length === 1 && m.meshRoles[0] === MESH_NODE_TYPES.SECONDARY)).toBe(
      true,
    );
    const apForms = new Set(modelsOfType('ap').map((m) => m.form));
    for (const form of ['ceiling', 'wall_plate', 'outdoor'] as const)
      expect(apForms.has(form), form).toBe(true);
    expect(modelsOfType('ap').some((m) => m.topologyType === 'wired_ap')).toBe(true);
    const switchSizes = new Set(modelsOfType('switch').map(copperCount));
    for (const n of [8, 16, 24, 48]) expect(switchSizes.has(n), `${n}-port switch`).toBe(true);
    expect(modelsOfType('switch').some((m) => m.poeBudgetWatts > 0)).toBe(true);
    expect(modelsOfType('nvr').every((m) => m.recorder && m.recorder.channels > 0)).toBe(true);
    expect(modelsOfType('ipc').every((m) => m.camera !== undefined)).toBe(true);
  });

  it('numbers ports 1…n with unique labels and real speeds', () => {
    for (const m of DEVICE_MODELS) {
      expect(m.ports.length, m.model).toBeGreaterThan(0);
      expect(m.ports.map((p) => p.id)).toEqual(m.ports.map((_, i) => i + 1));
      expect(new Set(m.ports.map((p) => p.label)).size, m.model).toBe(m.ports.length);
      for (const p of m.ports) expect(SPEEDS, `${m.model} port ${p.id}`).toContain(p.maxSpeedMbps);
    }
  });

  it('gives routers and gateways a WAN port and switches none', () => {
    for (const kind of ['router', 'v7', 'wrouter'] as const) {
      for (const m of modelsOfType(kind))
        expect(
          m.ports.some((p) => p.role !== 'lan'),
          m.model,
        ).toBe(true);
    }
    for (const m of modelsOfType('switch')) expect(m.ports.every((p) => p.role === 'lan')).toBe(true);
  });

  it('has a PoE budget exactly when ports deliver PoE, below the per-port sum', () => {
    for (const m of DEVICE_MODELS) {
      const out = poePorts(m);
      expect(m.poeBudgetWatts > 0, m.model).toBe(out.length > 0);
      for (const p of out) expect(p.poeMaxWatts).toBeGreaterThan(0);
      for (const p of m.ports.filter((q) => q.poe !== 'out')) expect(p.poeMaxWatts).toBe(0);
      if (out.length > 0) {
        expect(m.poeBudgetWatts).toBeLessThanOrEqual(out.reduce((s, p) => s + p.poeMaxWatts, 0));
      }
    }
  });

  it('keeps radios within the transmit-power range, one per band', () => {
    for (const m of DEVICE_MODELS) {
      expect(modelBands(m).length, m.model).toBe(m.radios.length);
      for (const r of m.radios) {
        expect(RADIO_BANDS).toContain(r.band);
        expect(r.maxTxPowerDbm).toBeGreaterThanOrEqual(TX_POWER_MIN);
        expect(r.maxTxPowerDbm).toBeLessThanOrEqual(TX_POWER_MAX);
        expect(r.streams).toBeGreaterThanOrEqual(1);
        expect(r.streams).toBeLessThanOrEqual(8);
      }
      if (m.capabilities.includes('wifi')) {
        expect(m.maxClients, m.model).toBeLessThanOrEqual(m.radios.length * MAX_CLIENTS_PER_BAND);
      }
    }
  });

  it('keeps VLAN ranges inside 1–4094, the §3 default unless a switch', () => {
    for (const m of DEVICE_MODELS) {
      expect(m.vlans.min).toBeGreaterThanOrEqual(1);
      expect(m.vlans.max).toBeLessThanOrEqual(4094);
      expect(m.vlans.min).toBeLessThan(m.vlans.max);
      if (m.kind !== 'switch') expect(m.vlans).toEqual({ min: VLAN_DEFAULT_MIN, max: VLAN_DEFAULT_MAX });
      for (const n of Object.values(m.rules)) expect(Number.isInteger(n) && n >= 0).toBe(true);
    }
    const rows = deviceVlansList();
    expect(rows).toHaveLength(DEVICE_MODELS.length);
    expect(rows[0]).toEqual({ dev_type: 'NL-G300', min_vlan: 10, max_vlan: 4094 });
  });

  it('lists distinct firmware, newest last', () => {
    for (const m of DEVICE_MODELS) {
      expect(m.firmwareVersions.length, m.model).toBeGreaterThan(0);
      expect(new Set(m.firmwareVersions).size).toBe(m.firmwareVersions.length);
      expect(latestFirmware(m)).toBe(m.firmwareVersions.at(-1));
      expect(m.firmwareReleasedOn, m.model).toMatch(/^20\d\d-\d\d-\d\d$/);
    }
    const g300 = findModel('NL-G300');
    expect(g300 && isFirmwareOutdated(g300, 'V1.0.2')).toBe(true);
    expect(g300 && isFirmwareOutdated(g300, latestFirmware(g300))).toBe(false);
    expect(g300 && isFirmwareOutdated(g300, 'V9.9.9')).toBe(false);
  });
});

describe('derived capabilities', () => {
  it('reports only known capability names, without repeats', () => {
    for (const m of DEVICE_MODELS) {
      expect(new Set(m.capabilities).size).toBe(m.capabilities.length);
      for (const c of m.capabilities) expect(DEVICE_CAPABILITIES).toContain(c);
    }
  });

  it('follows §6: NVRs cannot be reset or upgraded; switch, NVR and CPE have no scheduled reboot', () => {
    for (const m of modelsOfType('nvr')) {
      expect(modelHas(m, 'reset') || modelHas(m, 'upgrade')).toBe(false);
      expect(modelHas(m, 'disks') && modelHas(m, 'cameras')).toBe(true);
    }
    for (const kind of ['switch', 'nvr', 'cpe'] as const) {
      for (const m of modelsOfType(kind)) expect(modelHas(m, 'scheduledReboot'), m.model).toBe(false);
    }
    for (const m of modelsOfType('ap')) expect(modelHas(m, 'scheduledReboot')).toBe(true);
  });

  it('ties PoE reboot, mesh, Wi-Fi and rule capabilities to the hardware', () => {
    for (const m of DEVICE_MODELS) {
      expect(modelHas(m, 'poeReboot'), m.model).toBe(poePorts(m).length > 0);
      expect(modelHas(m, 'mesh'), m.model).toBe(m.meshRoles.length > 0);
      expect(modelHas(m, 'dhcpServer'), m.model).toBe(m.rules.dhcpPools > 0);
      expect(modelHas(m, 'reboot')).toBe(true);
    }
    // The Wi-Fi camera is a station, not an access point.
    const cam = findModel('NL-IPC3W');
    expect(cam && (modelHas(cam, 'wifi') || modelHas(cam, 'kickClient'))).toBe(false);
    for (const m of modelsOfType('cpe')) expect(modelHas(m, 'cpeMode')).toBe(true);
  });
});

describe('lookups and builders', () => {
  it('finds a model by id or display name, ignoring case and spaces', () => {
    expect(findModel('NL-G300')?.kind).toBe('v7');
    expect(findModel(' nl-g300 gateway ')?.model).toBe('NL-G300');
    expect(findModel('NL-S148P')?.poeBudgetWatts).toBe(740);
    expect(findModel('NL-NOPE')).toBeUndefined();
    expect(findModel('')).toBeUndefined();
  });

  it('returns only models of the asked kind', () => {
    expect(modelsOfType('switch').every((m) => m.kind === 'switch')).toBe(true);
    expect(modelsOfType('switch').length).toBeGreaterThanOrEqual(4);
  });

  it('labels single ports by prefix and numbers repeated ones', () => {
    const ports = portLayout(
      { count: 1, prefix: 'WAN', role: 'wan', speedMbps: 1000 },
      { count: 2, prefix: 'LAN', role: 'lan', speedMbps: 1000, poe: 30 },
      { count: 2, prefix: '', role: 'lan', speedMbps: 100, poe: 'in' },
    );
    expect(ports.map((p) => p.label)).toEqual(['WAN', 'LAN1', 'LAN2', '1', '2']);
    expect(ports[1]).toMatchObject({ id: 2, poe: 'out', poeMaxWatts: 30, media: 'copper' });
    expect(ports[4]).toMatchObject({ id: 5, poe: 'in', poeMaxWatts: 0 });
  });
});

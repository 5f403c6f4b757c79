import { DEVICE_MODELS, isGatewayKind } from '@netloom/domain';
import { isSerial } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import { kindOfSerial } from './identity';
import { MIXES, type MixName, planFleet } from './plan';

const summary = (p: ReturnType<typeof planFleet>) =>
  p.devices.map((d) => `${d.sn} ${d.model.model} ${d.uplink?.parentSn ?? '-'}:${d.uplink?.port ?? ''}`);

describe('planFleet', () => {
  it('gives the same serial numbers, models and tree for the same seed, device count and mix', () => {
    const a = planFleet({ seed: 7, devices: 300, mix: 'default' });
    const b = planFleet({ seed: 7, devices: 300, mix: 'default' });
    expect(a.devices).toHaveLength(300);
    expect(summary(a)).toEqual(summary(b));
    expect(a.devices.map((d) => d.mac)).toEqual(b.devices.map((d) => d.mac));
    const c = planFleet({ seed: 8, devices: 300, mix: 'default' });
    expect(c.devices[0]?.sn).not.toBe(a.devices[0]?.sn);
    // A longer plan of the same seed is not required to share a prefix, but the first site is stable.
    expect(new Set(a.devices.map((d) => d.sn)).size).toBe(300);
  });

  it('makes recognisable protocol serial numbers that name the device type', () => {
    for (const d of planFleet({ seed: 1, devices: 200 }).devices) {
      expect(isSerial(d.sn)).toBe(true);
      expect(d.sn).toMatch(/^NLS[A-Z]{2}[0-9A-Z]{4}\d{7}$/);
      expect(kindOfSerial(d.sn)).toBe(d.kind);
    }
  });

  it('plays every model of the catalogue in the tour mix', () => {
    const plan = planFleet({ seed: 1, devices: DEVICE_MODELS.length + 4, mix: 'tour' });
    const models = new Set(plan.devices.map((d) => d.model.model));
    for (const m of DEVICE_MODELS) expect(models.has(m.model), m.model).toBe(true);
    const mesh = plan.devices.filter((d) => d.kind === 'mesh');
    expect(mesh.filter((d) => d.meshRole === 0)).toHaveLength(1);
    expect(mesh.filter((d) => d.meshRole === 1).every((d) => d.uplink?.kind === 'mesh')).toBe(true);
  });

  it.each(Object.keys(MIXES) as MixName[])('builds a consistent tree (%s)', (mix) => {
    const plan = planFleet({ seed: 3, devices: 400, mix });
    expect(plan.devices).toHaveLength(400);
    const usedPorts = new Set<string>();
    const poe = new Map<number, number>();
    for (const d of plan.devices) {
      if (d.uplink === null) {
        expect(['v7', 'router', 'wrouter', 'mesh']).toContain(d.kind);
        continue;
      }
      const parent = plan.devices[d.uplink.parent];
      expect(parent?.sn).toBe(d.uplink.parentSn);
      expect(parent?.site).toBe(d.site);
      expect(parent?.children).toContain(d.index);
      if (d.uplink.kind === 'wired') {
        const port = d.uplink.port ?? 0;
        expect(port).toBeGreaterThanOrEqual(1);
        expect(port).toBeLessThanOrEqual(parent?.model.ports.length ?? 0);
        const key = `${d.uplink.parent}:${port}`;
        expect(usedPorts.has(key), `port ${key} used twice`).toBe(false);
        usedPorts.add(key);
        if (d.poeWatts > 0) {
          expect(parent?.model.ports[port - 1]?.poe).toBe('out');
          poe.set(d.uplink.parent, (poe.get(d.uplink.parent) ?? 0) + d.poeWatts);
        }
      } else expect(d.uplink.rssi).toBeLessThan(0);
      if (d.recorder) {
        const nvr = plan.devices[d.recorder.index];
        expect(nvr?.kind).toBe('nvr');
        expect(d.recorder.channel).toBeLessThanOrEqual(nvr?.model.recorder?.channels ?? 0);
      }
    }
    for (const [i, watts] of poe)
      expect(watts).toBeLessThanOrEqual(plan.devices[i]?.model.poeBudgetWatts ?? 0);
  });

  it('simulates explicit serial numbers, in order, as one network with the gateway first', () => {
    const sns = Array.from({ length: 23 }, (_, i) => `CLAIMED${String(i).padStart(10, '0')}`);
    const plan = planFleet({ seed: 5, sns });
    expect(plan.devices.map((d) => d.sn)).toEqual(sns);
    expect(plan.sites).toBe(1);
    expect(plan.devices[0]?.kind).toBe('v7');
    expect(plan.devices.filter((d) => d.uplink === null)).toHaveLength(1);
    expect(plan.devices.some((d) => d.kind === 'ap')).toBe(true);
    expect(summary(planFleet({ seed: 5, sns }))).toEqual(summary(plan));
  });

  it('grows one network for a large list of serial numbers', () => {
    const sns = Array.from({ length: 1500 }, (_, i) => `CLAIMED${String(i).padStart(10, '0')}`);
    const plan = planFleet({ seed: 2, sns });
    expect(plan.devices).toHaveLength(1500);
    expect(plan.devices.filter((d) => d.kind === 'v7' || d.kind === 'router')).toHaveLength(1);
  });

  it('plans a fleet for one project as one network with one routing device, whatever the seed', () => {
    for (let seed = 1; seed <= 40; seed++) {
      // A home is a few units (its router has four ports): the larger networks are offices and video sites.
      for (const site of ['office', 'video'] as const) {
        const plan = planFleet({ seed, devices: 30, site });
        expect(plan.devices, `seed ${seed} ${site}`).toHaveLength(30);
        expect(plan.sites, `seed ${seed} ${site}`).toBe(1);
        expect(
          plan.devices.filter((d) => isGatewayKind(d.kind)),
          `seed ${seed} ${site}`,
        ).toHaveLength(1);
      }
    }
    // The default mix without `site` is several networks: what the README's command used to claim.
    expect(planFleet({ seed: 1, devices: 30 }).sites).toBeGreaterThan(1);
  });

  it('lays out a dense open-plan floor: a gateway, PoE switches and 30 APs about 7 m apart', () => {
    const plan = planFleet({ seed: 3, mix: 'dense', devices: 33 });
    const kinds = plan.devices.map((d) => d.kind);
    expect(kinds.filter((k) => k === 'v7')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'switch')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'ap')).toHaveLength(30);
    expect(plan.sites).toBe(1);
    const aps = plan.devices.filter((d) => d.kind === 'ap');
    for (const a of aps) {
      expect(a.uplink?.kind).toBe('wired');
      expect(a.poeWatts).toBeGreaterThan(0);
      const nearest = Math.min(
        ...aps.filter((b) => b !== a).map((b) => Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y)),
      );
      expect(nearest).toBeGreaterThan(3);
      expect(nearest).toBeLessThan(10);
    }
    // The same with serial numbers a test added (gateway first), and the same positions every time.
    const sns = plan.devices.map((d) => d.sn);
    const again = planFleet({ sns, site: 'dense' });
    expect(again.devices.map((d) => d.kind)).toEqual(kinds);
    expect(again.devices.map((d) => d.siteKind)).toEqual(sns.map(() => 'dense'));
    expect(planFleet({ seed: 3, mix: 'dense', devices: 33 }).devices.map((d) => d.pos)).toEqual(
      plan.devices.map((d) => d.pos),
    );
  });

  it('puts office ceiling APs 10–25 m apart and radio children near their parent', () => {
    const plan = planFleet({ seed: 5, mix: 'office', devices: 200 });
    for (let site = 0; site < plan.sites; site++) {
      const aps = plan.devices.filter((d) => d.site === site && d.kind === 'ap');
      for (const a of aps) {
        const others = aps
          .filter((b) => b !== a)
          .map((b) => Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y));
        if (others.length === 0) continue;
        expect(Math.min(...others)).toBeGreaterThanOrEqual(8);
        expect(Math.min(...others)).toBeLessThanOrEqual(25);
      }
    }
    for (const d of plan.devices) {
      const parent = d.uplink ? plan.devices[d.uplink.parent] : undefined;
      if (!parent || d.uplink?.kind !== 'wireless' || d.kind === 'cpe') continue;
      expect(Math.hypot(d.pos.x - parent.pos.x, d.pos.y - parent.pos.y)).toBeLessThanOrEqual(12.5);
    }
  });
});

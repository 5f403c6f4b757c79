import type { ExperCfg } from '@netloom/domain';
import { planFleet } from '@netloom/sim';
import { describe, expect, it } from 'vitest';
import { DEMO_FLEET, demoPlan, storedName } from '../src/features/demo/plan';
import { renameDemoPayload } from '../src/features/demo/rename';

const cfg: ExperCfg = {
  exper_mode: 0,
  exper_pro_name: [{ source_name: 'NL-G300-0000', target_name: 'Front office gateway' }],
  exper_pro_ssid: [{ source_ssid: 'Cafe-', target_ssid: 'Seaview-' }],
};

describe('demo response renaming', () => {
  it('renames device names and SSIDs anywhere in a response, without touching the original', () => {
    const payload = {
      code: 0,
      data: {
        items: [
          { name: 'NL-G300-0000', uplink: { name: 'NL-G300-0000' }, model: 'NL-G300-0000' },
          { name: 'Phone', ssid: 'Cafe-Guest', device: { deviceName: 'NL-G300-0000' } },
        ],
      },
    };
    const out = renameDemoPayload(payload, cfg);
    expect(out.data.items[0]).toEqual({
      name: 'Front office gateway',
      uplink: { name: 'Front office gateway' },
      // Only name and SSID keys are renamed.
      model: 'NL-G300-0000',
    });
    expect(out.data.items[1]).toEqual({
      name: 'Phone',
      ssid: 'Seaview-Guest',
      device: { deviceName: 'Front office gateway' },
    });
    expect(payload.data.items[0]?.name).toBe('NL-G300-0000');
  });

  it('passes non-plain values through', () => {
    const buf = Buffer.from('x');
    expect(renameDemoPayload(buf, cfg)).toBe(buf);
    expect(renameDemoPayload({ at: buf, n: 1, s: null }, cfg)).toEqual({ at: buf, n: 1, s: null });
  });

  it('plans two demo projects with every stored name mapped to a distinct friendly name', () => {
    const plan = demoPlan(planFleet(DEMO_FLEET).devices);
    expect(plan.projects.map((p) => p.id)).toEqual([500000, 600000]);
    for (const p of plan.projects) {
      const rules = plan.experCfg.find((c) => c.exper_mode === p.netMode)?.exper_pro_name ?? [];
      expect(rules.map((r) => r.source_name)).toEqual(p.devices.map(storedName));
      expect(new Set(rules.map((r) => r.target_name)).size).toBe(rules.length);
    }
    // One gateway in the hotel (code 67), only mesh units in the home (87/88).
    expect(
      plan.projects[0]?.devices.filter((d) => ['v7', 'router', 'wrouter'].includes(d.kind)),
    ).toHaveLength(1);
    expect(plan.projects[1]?.devices.every((d) => d.kind === 'mesh')).toBe(true);
  });
});

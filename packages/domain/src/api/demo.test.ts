import { describe, expect, it } from 'vitest';
import {
  DEMO_FUNCTIONS,
  type ExperCfg,
  experCfgFor,
  experDeviceName,
  experSsid,
  renameByRules,
  serverConfigSchema,
} from './demo';

const cfg: ExperCfg = {
  exper_mode: 0,
  exper_pro_name: [
    { source_name: 'NL-G300 0000', target_name: 'Front office gateway' },
    { source_name: 'NL-A', target_name: 'Hotel AP ' },
  ],
  exper_pro_ssid: [{ source_ssid: 'Office', target_ssid: 'Hotel' }],
};

describe('demo renaming (exper_cfg)', () => {
  it('prefers an exact match, then replaces a contained source everywhere', () => {
    expect(experDeviceName('NL-G300 0000', cfg)).toBe('Front office gateway');
    expect(experDeviceName('NL-A1200C 0007', cfg)).toBe('Hotel AP 1200C 0007');
    expect(experSsid('Office-Guest', cfg)).toBe('Hotel-Guest');
    expect(renameByRules('a-x-a', [{ source: 'a', target: 'b' }])).toBe('b-x-b');
  });

  it('leaves values without a rule, empty sources and a missing cfg alone', () => {
    expect(experDeviceName('Core switch', cfg)).toBe('Core switch');
    expect(renameByRules('abc', [{ source: '', target: 'zzz' }])).toBe('abc');
    expect(experSsid('Office-1', undefined)).toBe('Office-1');
  });

  it('picks the rule set by network mode', () => {
    expect(experCfgFor([cfg, { ...cfg, exper_mode: 1 }], 1)?.exper_mode).toBe(1);
    expect(experCfgFor([cfg], 1)).toBeUndefined();
  });

  it('describes the server config shape', () => {
    const parsed = serverConfigSchema.parse({
      serverContains: { exper_cfg: [cfg] },
      demoFuncSupport: [...DEMO_FUNCTIONS],
      demoEnabled: true,
      demoLandingProjectId: 500000,
    });
    expect(parsed.serverContains.exper_cfg[0]?.exper_pro_ssid).toHaveLength(1);
  });
});

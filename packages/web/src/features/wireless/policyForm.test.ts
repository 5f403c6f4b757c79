import {
  ERR,
  policiesInUseIssues,
  policyKeySchema,
  type WirelessRuleContext,
  type WirelessSettings,
  wirelessPolicySchema,
  wirelessSettingsIssues,
} from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import {
  fieldOfPath,
  granularityLabel,
  newPolicyKey,
  newPolicyValues,
  type PolicyFormValues,
  placePolicyIssues,
  policyToValues,
  putPolicy,
  removePolicy,
  UNTAGGED,
  valuesToPolicy,
  visibleFields,
} from './policyForm';

const CTX: WirelessRuleContext = {
  previous: null,
  devices: [
    { id: 1, name: 'Lobby AP', kind: 'ap', bands: ['2.4G', '5G'] },
    { id: 2, name: 'Hall AP', kind: 'ap', bands: ['2.4G'] },
  ],
};

function values(overrides: Partial<PolicyFormValues>): PolicyFormValues {
  return { ...newPolicyValues(), name: 'Staff', ssid: 'Office', password: 'correct-horse-42', ...overrides };
}

/** The placed issues of a new policy with these form values, added to `settings`. */
function placed(v: PolicyFormValues, settings: WirelessSettings = { policies: [] }, ctx = CTX) {
  const candidate = putPolicy(settings, null, valuesToPolicy(v, 'abcd1234'));
  return placePolicyIssues(
    wirelessSettingsIssues(candidate, ctx),
    settings.policies.length,
    visibleFields(v),
  );
}

describe('valuesToPolicy', () => {
  it('gives a policy of the document schema with the form’s values', () => {
    const p = valuesToPolicy(values({ vlanId: 20, schedule: 'Mon-Fri 00:00-06:00\n' }), 'abcd1234');
    expect(wirelessPolicySchema.safeParse(p).success).toBe(true);
    expect(p).toMatchObject({ name: 'Staff', ssid: 'Office', vlanId: 20, schedule: 'Mon-Fri 00:00-06:00' });
  });

  it('saves the Untagged pick as no VLAN, and a 6 GHz client limit only with 6 GHz', () => {
    const untagged = valuesToPolicy(values({ vlanId: UNTAGGED }), 'abcd1234');
    expect(untagged.vlanId).toBeNull();
    expect(untagged.maxClients).toEqual({ '2.4G': 64, '5G': 64 });
    const six = valuesToPolicy(values({ bands: ['6G', '2.4G'], security: 'WPA3-SAE', max6: 32 }), 'abcd1234');
    expect(six).toMatchObject({ bands: ['2.4G', '6G'], maxClients: { '6G': 32 } });
    expect(policyToValues(six)).toMatchObject({ max6: 32, vlanId: UNTAGGED });
  });

  it('drops what a mode does not use: an open network has no cipher, password or key interval', () => {
    const p = valuesToPolicy(values({ security: 'none', cipher: 'AES', keyUpdateInterval: 600 }), 'abcd1234');
    expect(p).toMatchObject({ cipher: null, password: '', keyUpdateInterval: 0, radius: null });
  });

  it('gives enterprise modes a RADIUS server and no password', () => {
    const p = valuesToPolicy(
      values({ security: 'WPA2', radiusIp: ' 10.0.0.5 ', radiusPort: 1812, radiusSecret: 's3cret' }),
      'abcd1234',
    );
    expect(p.password).toBe('');
    expect(p.radius).toEqual({ ip: '10.0.0.5', port: 1812, secret: 's3cret' });
  });

  it('keeps a cipher only when the mode allows it', () => {
    expect(valuesToPolicy(values({ security: 'WPA-PSK', cipher: 'TKIP+AES' }), 'k1k1').cipher).toBeNull();
    expect(valuesToPolicy(values({ security: 'WPA-PSK', cipher: 'TKIP' }), 'k1k1').cipher).toBe('TKIP');
  });

  it('uses the 5 GHz name only when it is ticked and 5 GHz is on', () => {
    expect(valuesToPolicy(values({ separate5: false, ssid5: 'Office-5G' }), 'k1k1').ssid5).toBe('');
    expect(
      valuesToPolicy(values({ separate5: true, ssid5: 'Office-5G', bands: ['2.4G'] }), 'k1k1').ssid5,
    ).toBe('');
    expect(valuesToPolicy(values({ separate5: true, ssid5: 'Office-5G' }), 'k1k1').ssid5).toBe('Office-5G');
  });

  it('turns blank numbers into NaN so the domain rule names the field', () => {
    const p = valuesToPolicy(values({ max24: null }), 'k1k1');
    expect(Number.isNaN(p.maxClients['2.4G'])).toBe(true);
  });

  it('round-trips a saved policy through the form', () => {
    const p = valuesToPolicy(
      values({
        separate5: true,
        ssid5: 'Office-5G',
        guest: true,
        rateEnabled: true,
        rateDown: 10240,
        rateUp: 2048,
        scope: 'devices',
        deviceIds: [1],
      }),
      'abcd1234',
    );
    expect(valuesToPolicy(policyToValues(p), p.key)).toEqual(p);
  });
});

describe('inline issues of the policy form', () => {
  it('a valid new policy has none', () => {
    expect(placed(values({}))).toEqual({ byField: new Map(), general: [] });
  });

  it('puts the domain’s messages on the fields that caused them', () => {
    const { byField, general } = placed(
      values({
        name: 'app_default_1',
        ssid: ' Office ',
        password: 'short',
        max5: 200,
        schedule: 'Mon-Fri 08:00-07:00',
        rateEnabled: true,
      }),
    );
    expect(general).toEqual([]);
    expect(byField.get('name')).toMatch(/reserved/);
    expect(byField.get('ssid')).toMatch(/space/);
    expect(byField.get('password')).toMatch(/8–63/);
    expect(byField.get('max5')).toMatch(/at most 128/);
    expect(byField.get('schedule')).toMatch(/end time must be after the start/);
    expect(byField.get('rateDown')).toMatch(/enter a rate/);
  });

  it('names the RADIUS field that is wrong', () => {
    const { byField } = placed(values({ security: 'WPA2', radiusIp: '300.1.1.1', radiusSecret: '' }));
    expect(byField.has('radiusIp')).toBe(true);
    expect(byField.get('radiusSecret')).toMatch(/RADIUS password is required/);
    expect(byField.has('password')).toBe(false);
  });

  it('shows the 2.4/5 GHz rule (92) on the 5 GHz name', () => {
    const v = values({ separate5: true, ssid5: 'Office' });
    const candidate = putPolicy({ policies: [] }, null, valuesToPolicy(v, 'abcd1234'));
    const issues = wirelessSettingsIssues(candidate, CTX);
    expect(issues.find((i) => i.path === 'policies.0.ssid5')?.code).toBe(ERR.SSID_SAME_ON_BOTH_BANDS);
    expect(placed(v).byField.get('ssid5')).toMatch(/must differ/);
  });

  it('an SSID another policy already uses lands on the SSID field', () => {
    const saved = putPolicy({ policies: [] }, null, valuesToPolicy(values({ name: 'Old' }), 'old00001'));
    const { byField } = placed(values({ name: 'New' }), saved, { ...CTX, previous: saved });
    expect(byField.get('ssid')).toMatch(/already used by/);
  });

  it('issues about the document as a whole are general', () => {
    const guest = putPolicy(
      { policies: [] },
      null,
      valuesToPolicy(values({ name: 'G1', ssid: 'G1', guest: true }), 'g0000001'),
    );
    const { general, byField } = placed(values({ name: 'G2', ssid: 'G2', guest: true }), guest, {
      ...CTX,
      previous: guest,
    });
    const all = [...general.map((i) => i.message), ...byField.values()];
    expect(all.join(' ')).toMatch(/guest/i);
  });
});

describe('fieldOfPath', () => {
  it.each([
    ['ssid', 'ssid'],
    ['ssid5', 'ssid5'],
    ['maxClients.2.4G', 'max24'],
    ['maxClients.5G', 'max5'],
    ['radius', 'radiusIp'],
    ['radius.port', 'radiusPort'],
    ['rateLimit.upKbps', 'rateUp'],
    ['deviceIds.0', 'deviceIds'],
    ['unknown', undefined],
  ])('%s → %s', (path, field) => {
    expect(fieldOfPath(path)).toBe(field);
  });
});

describe('visibleFields', () => {
  it('hides what the mode and switches do not show', () => {
    const open = visibleFields(values({ security: 'none', bands: ['5G'] }));
    expect(open.has('password')).toBe(false);
    expect(open.has('cipher')).toBe(false);
    expect(open.has('max24')).toBe(false);
    expect(open.has('radiusIp')).toBe(false);
    expect(visibleFields(values({ security: 'WPA' })).has('radiusIp')).toBe(true);
  });
});

describe('policy list edits', () => {
  it('new keys follow the key schema and never repeat', () => {
    const settings: WirelessSettings = { policies: [valuesToPolicy(values({}), 'aaaaaaaa')] };
    let n = 0;
    // The first draw collides with the existing key; the second does not.
    const key = newPolicyKey(settings, () => (n++ < 8 ? 10 / 36 : 11 / 36));
    expect(key).toBe('bbbbbbbb');
    expect(policyKeySchema.safeParse(key).success).toBe(true);
  });

  it('puts, replaces and removes a policy', () => {
    const a = valuesToPolicy(values({ name: 'A', ssid: 'A' }), 'aaaa1111');
    const b = valuesToPolicy(values({ name: 'B', ssid: 'B' }), 'bbbb1111');
    const one = putPolicy({ policies: [] }, null, a);
    const replaced = putPolicy(one, 0, b);
    expect(replaced.policies.map((p) => p.name)).toEqual(['B']);
    expect(removePolicy(putPolicy(one, null, b), 0).policies.map((p) => p.name)).toEqual(['B']);
  });
});

describe('schedule date range and granularity in the form', () => {
  it('writes them only when set, so policies saved without them keep their shape', () => {
    const plain = valuesToPolicy(values({ schedule: '00:00-06:00' }), 'abcd1234');
    expect(plain).not.toHaveProperty('scheduleFrom');
    expect(plain).not.toHaveProperty('scheduleGranularity');
    expect(valuesToPolicy(policyToValues(plain), plain.key)).toEqual(plain);
    const dated = valuesToPolicy(
      values({
        schedule: '00:00-06:00',
        scheduleFrom: '2026-12-20',
        scheduleUntil: '2027-01-02',
        scheduleGranularity: 30,
      }),
      'abcd1234',
    );
    expect(dated).toMatchObject({
      scheduleFrom: '2026-12-20',
      scheduleUntil: '2027-01-02',
      scheduleGranularity: 30,
    });
    expect(wirelessPolicySchema.safeParse(dated).success).toBe(true);
    expect(valuesToPolicy(policyToValues(dated), dated.key)).toEqual(dated);
  });

  it('puts the date and granularity rules on their fields', () => {
    const { byField, general } = placed(
      values({
        schedule: '00:10-06:00',
        scheduleFrom: '2026-12-20',
        scheduleUntil: '2026-12-19',
        scheduleGranularity: 15,
      }),
    );
    expect(general).toEqual([]);
    expect(byField.get('scheduleGranularity')).toBe(
      'Line 1: with a 15-minute granularity, times must fall on :00, :15, :30, :45.',
    );
    expect(byField.get('scheduleUntil')).toBe('Valid until must not be before valid from.');
    expect(granularityLabel(60)).toBe('1 hour');
  });
});

describe('26 policy in use, before saving', () => {
  it('refuses deleting, switching off or renaming the network a CPE bridge uplinks to', () => {
    const yard = valuesToPolicy(values({ name: 'Yard', ssid: 'Yard-Link' }), 'yard0001');
    const saved: WirelessSettings = { policies: [yard] };
    const uses = [{ deviceId: 9, name: 'Barn CPE', uplinkSsid: 'Yard-Link' }];
    const of = (now: WirelessSettings) => policiesInUseIssues(now.policies, saved.policies, uses);
    expect(of(removePolicy(saved, 0))[0]?.code).toBe(ERR.POLICY_IN_USE);
    const renamed = putPolicy(saved, 0, { ...yard, ssid: 'Yard-2' });
    const { byField } = placePolicyIssues(
      of(renamed),
      0,
      visibleFields(policyToValues(renamed.policies[0] ?? yard)),
    );
    expect(byField.get('ssid')).toMatch(/uplink network of CPE "Barn CPE".*before renaming it/);
    expect(of(putPolicy(saved, 0, { ...yard, password: 'another-pass' }))).toEqual([]);
  });
});

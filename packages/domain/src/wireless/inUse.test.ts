import { describe, expect, it } from 'vitest';
import { buildWirelessPolicy } from '../testing';
import { type BridgeUplinkUse, policiesInUseIssues, policyDeleteIssue, policyUplinkUsers } from './inUse';
import type { WirelessPolicy } from './settings';

/** The yard's policy: a CPE bridges to its 5 GHz network. */
const policy = (over: Partial<WirelessPolicy> = {}): WirelessPolicy =>
  buildWirelessPolicy({ key: 'yard', name: 'Yard', ssid: 'Yard-Link', ssid5: 'Yard-Link-5G', ...over });

const OTHER = policy({ key: 'staff', name: 'Staff', ssid: 'Staff', ssid5: '' });
const USES: BridgeUplinkUse[] = [{ deviceId: 9, name: 'Barn CPE', uplinkSsid: 'Yard-Link-5G' }];

describe('26 wireless policy in use (a CPE bridge uplinks to its network)', () => {
  it('finds the bridges using a policy, not those of a disabled one or other networks', () => {
    expect(policyUplinkUsers(policy(), USES)).toEqual(USES);
    expect(policyUplinkUsers(policy({ enabled: false }), USES)).toEqual([]);
    expect(policyUplinkUsers(OTHER, USES)).toEqual([]);
    // Without 5 GHz the 5 GHz name is not broadcast.
    expect(policyUplinkUsers(policy({ bands: ['2.4G'] }), USES)).toEqual([]);
  });

  it('gives the form its delete message', () => {
    expect(policyDeleteIssue(policy(), USES)).toBe(
      `Policy "Yard" is the uplink network of CPE "Barn CPE": change that bridge's uplink before deleting it.`,
    );
    expect(policyDeleteIssue(OTHER, USES)).toBeNull();
  });

  it.each([
    ['deleted', [OTHER], 'policies', /before deleting it/],
    ['switched off', [OTHER, policy({ enabled: false })], 'policies.1.enabled', /before switching it off/],
    [
      'its used network renamed',
      [OTHER, policy({ ssid5: 'Yard-5' })],
      'policies.1.ssid5',
      /before renaming it/,
    ],
    [
      'its 5 GHz band dropped',
      [OTHER, policy({ bands: ['2.4G'] })],
      'policies.1.ssid5',
      /before renaming it/,
    ],
  ] as const)('refuses a save where it is %s', (_name, now, path, message) => {
    const issues = policiesInUseIssues(now, [OTHER, policy()], USES);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 26, path });
    expect(issues[0]?.message).toMatch(message);
  });

  it('allows other edits, and any edit of a policy no bridge uses', () => {
    expect(
      policiesInUseIssues([policy({ name: 'Yard 2', password: 'another pass' })], [policy()], USES),
    ).toEqual([]);
    expect(policiesInUseIssues([], [OTHER], USES)).toEqual([]);
    expect(policiesInUseIssues([], [policy()], [])).toEqual([]);
    // Never saved enabled: nothing to protect.
    expect(policiesInUseIssues([], [policy({ enabled: false })], USES)).toEqual([]);
  });
});

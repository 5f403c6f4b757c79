import { describe, expect, it } from 'vitest';
import { ERR } from '../errors/catalogue';
import { type SolutionDevice, solutionDevicesRefusal, sortSolutionDevices } from './devices';
import { isSystemScenarioName, scenarioNameIssue } from './scenarios';

const row = (role: SolutionDevice['role'], model: string, quantity = 1): SolutionDevice => ({
  role,
  model,
  quantity,
  remarks: '',
});

describe('solutionDevicesRefusal', () => {
  it.each([
    ['no rows', [], ERR.SOLUTION_NO_DEVICES],
    ['an unknown model', [row('ap', 'NL-X999')], ERR.SOLUTION_DEVICE_MISSING],
    ['a switch as AP', [row('ap', 'NL-S108P')], ERR.SOLUTION_MODEL_ROLE],
    [
      'APs before the gateway',
      [row('ap', 'NL-A3000C'), row('gateway', 'NL-G300')],
      ERR.SOLUTION_ORDER_INVALID,
    ],
    ['a role and model twice', [row('ap', 'NL-A3000C'), row('ap', 'NL-A3000C')], ERR.SOLUTION_ORDER_INVALID],
    ['two gateways', [row('gateway', 'NL-G300', 2)], ERR.SOLUTION_DEVICE_LIMIT],
    [
      '1000 APs over two rows',
      [row('ap', 'NL-A3000C', 500), row('ap', 'NL-A1800O', 500)],
      ERR.SOLUTION_DEVICE_LIMIT,
    ],
    ['100 core switches', [row('core_switch', 'NL-S124', 100)], ERR.SOLUTION_DEVICE_LIMIT],
    ['two ACs', [row('ac', 'NL-G300', 2)], ERR.SOLUTION_DEVICE_LIMIT],
  ])('refuses %s', (_what, devices, code) => {
    expect(solutionDevicesRefusal(devices)?.code).toBe(code);
  });
  it.each([
    [
      [
        row('gateway', 'NL-G300'),
        row('ac', 'NL-G500'),
        row('access_switch', 'NL-S108P', 99),
        row('ap', 'NL-A3000C', 999),
      ],
    ],
    [[row('camera', 'NL-IPC4D', 2000)]],
  ])('accepts a list at the limits', (devices) => {
    expect(solutionDevicesRefusal(devices)).toBeNull();
  });
  it('says which limit', () => {
    expect(solutionDevicesRefusal([row('ap', 'NL-A3000C', 1000)])?.message).toBe(
      'A solution can have at most 999 APs (1000 given).',
    );
  });
  it('sorts a list into the network order', () => {
    const sorted = sortSolutionDevices([
      row('nvr', 'NL-N16'),
      row('ap', 'NL-A3000C'),
      row('gateway', 'NL-G300'),
    ]);
    expect(sorted.map((d) => d.role)).toEqual(['gateway', 'ap', 'nvr']);
  });
});

describe('custom scenario names', () => {
  it.each(['hotel', 'Hotel', ' Shopping mall', 'ENTERPRISE OFFICE'])('%s repeats a system scenario', (n) => {
    expect(isSystemScenarioName(n)).toBe(true);
  });
  it('accepts a new name and refuses one of mine', () => {
    expect(scenarioNameIssue('Cruise ship')).toBeNull();
    expect(scenarioNameIssue('Cruise ship', ['cruise ship'])).toMatch(/already exists/);
    expect(scenarioNameIssue('hotel')).toMatch(/system scenario/);
  });
});

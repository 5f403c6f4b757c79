import { describe, expect, it } from 'vitest';
import {
  formatPortList,
  isPortList,
  parsePortList,
  portCount,
  portIssue,
  portListIssue,
  portListSchema,
  portListsOverlap,
  portSchema,
} from './ports';

describe('single port: whole number 1–65535', () => {
  it.each([
    [1, null],
    [65535, null],
    ['8080', null],
    [' 80 ', null],
    [0, 'Port must be from 1 to 65535.'],
    [65536, 'Port must be from 1 to 65535.'],
    ['-1', 'Port must be from 1 to 65535.'],
    [80.5, 'Port must be a whole number.'],
    ['8o', 'Port must be a whole number.'],
    ['1e3', 'Port must be a whole number.'],
    ['', 'Port is required.'],
  ])('%j → %j', (v, expected) => {
    expect(portIssue(v)).toBe(expected);
  });
  it('schema takes JSON numbers only', () => {
    expect(portSchema.safeParse(443).success).toBe(true);
    expect(portSchema.safeParse('443').success).toBe(false);
    expect(portSchema.safeParse(70000).error?.issues[0]?.message).toBe('Port must be from 1 to 65535.');
  });
});

describe('port lists: ";" between entries, ranges with "-" or "~"', () => {
  it.each([
    ['80', [[80, 80]]],
    [
      '80;443;8080',
      [
        [80, 80],
        [443, 443],
        [8080, 8080],
      ],
    ],
    [
      '443;80',
      [
        [80, 80],
        [443, 443],
      ],
    ], // normalised: sorted
    ['8000-8010', [[8000, 8010]]],
    ['8000~8010', [[8000, 8010]]],
    ['80-80', [[80, 80]]], // end may equal start
    ['1-65535', [[1, 65535]]],
    ['1000-1999;2000~2999', [[1000, 2999]]], // touching ranges merged
    [
      '9000-9005;8000-8010',
      [
        [8000, 8010],
        [9000, 9005],
      ],
    ],
    [
      ' 80 ; 443 ',
      [
        [80, 80],
        [443, 443],
      ],
    ],
    ['8000 - 8010', [[8000, 8010]]],
  ])('%j parses to %j', (text, expected) => {
    const r = parsePortList(text);
    expect(r.ok && r.ranges.map((x) => [x.start, x.end])).toEqual(expected);
  });

  it.each([
    ['', 'Ports: enter at least one port.'],
    ['  ', 'Ports: enter at least one port.'],
    ['80;;443', 'Ports has an empty entry: separate entries with a single ";".'],
    ['80;', 'Ports has an empty entry: separate entries with a single ";".'],
    ['80,443', 'Ports: "80,443" is not valid; write entries like 80;443 or 8000-8010.'],
    ['80 443', 'Ports: "80 443" is not valid; write entries like 80;443 or 8000-8010.'],
    ['http', 'Ports: "http" is not valid; write entries like 80;443 or 8000-8010.'],
    ['80-', 'Ports: "80-" is not valid; write entries like 80;443 or 8000-8010.'],
    ['1-2-3', 'Ports: "1-2-3" is not valid; write entries like 80;443 or 8000-8010.'],
    ['0', 'Ports: 0 is outside 1–65535.'],
    ['65536', 'Ports: 65536 is outside 1–65535.'],
    ['100-70000', 'Ports: 70000 is outside 1–65535.'],
    ['8010-8000', 'Ports: in "8010-8000" the end must not be less than the start.'],
    ['80;80', 'Ports: 80 appears more than once.'],
    ['8000-8010;8005-8020', 'Ports: 8005 appears more than once.'],
    [
      '80;8000-8010',
      'Ports: use either single ports separated by ; (like 80;443) or ranges (like 8000-8010), not both.',
    ],
    [
      '8000~8010;443',
      'Ports: use either single ports separated by ; (like 80;443) or ranges (like 8000-8010), not both.',
    ],
  ])('%j → %j', (text, expected) => {
    expect(portListIssue(text)).toBe(expected);
    expect(isPortList(text)).toBe(false);
  });

  it('uses the field label in messages', () => {
    expect(portListIssue('0', 'External ports')).toBe('External ports: 0 is outside 1–65535.');
  });
  it('schema checks the same rules and keeps the text', () => {
    expect(portListSchema.parse(' 80;443 ')).toBe('80;443');
    expect(portListSchema.safeParse('80;80').success).toBe(false);
  });
  it('formats normalised ranges back', () => {
    const r = parsePortList('443;80');
    expect(r.ok && formatPortList(r.ranges)).toBe('80;443');
    const q = parsePortList('8000~8010');
    expect(q.ok && formatPortList(q.ranges)).toBe('8000-8010');
  });
  it('counts ports', () => {
    expect(portCount('8000-8010')).toBe(11);
    expect(portCount('80;443')).toBe(2);
    expect(portCount('x')).toBeNull();
  });
});

describe('overlap between two port lists', () => {
  it.each([
    ['80', '80', 80],
    ['8000-8010', '8010-8020', 8010],
    ['80;443', '22;443', 443],
    ['1000-2000', '1500', 1500],
    ['80', '81', null],
    ['8000-8010', '8011-8020', null],
    ['80;80', '80', null], // an invalid list shares nothing: it fails its own rule
  ])('%j vs %j → %j', (a, b, expected) => {
    expect(portListsOverlap(a, b)).toBe(expected);
  });
});

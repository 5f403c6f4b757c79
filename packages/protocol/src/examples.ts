/**
 * One valid payload of every message, as a firmware author would write it. The tests round-trip
 * them, docs/protocol.md shows the same JSON (a test checks the document's examples parse), and the
 * simulator may start from them.
 */
import type { Body, MessageName } from './messages';

const TS = 1_767_225_600_000; // 2026-01-01T00:00:00Z

export const PROTOCOL_EXAMPLES: { [M in MessageName]: Body<M> & { v: 1; ts: number } } = {
  hello: {
    v: 1,
    ts: TS,
    model: 'NL-A3000C',
    type: 'ap',
    firmwareVersion: 'V1.1.5',
    hardwareVersion: 'V1.0',
    mac: '3C:52:A1:00:12:7F',
    capabilities: ['reboot', 'reset', 'upgrade', 'kickClient', 'scan', 'wifi', 'vlan'],
    configVersion: 12,
    bootId: 'b7f3c2a9',
  },
  state: {
    v: 1,
    ts: TS,
    status: 1,
    cpu: 12.5,
    memory: 41,
    uptime: 86_400,
    ip: '192.168.10.21',
    configVersion: 12,
    uplink: { kind: 'wired', sn: 'NLS124P0000000001', port: 7 },
    ports: [{ id: 1, link: 'up', speed: 2500, duplex: 'full' }],
    radios: [
      { band: '2.4G', channel: 6, width: 20, txPower: 20, clients: 9 },
      { band: '5G', channel: 44, width: 80, txPower: 23, clients: 17 },
    ],
  },
  telemetry: {
    v: 1,
    ts: TS,
    txBytes: 81_234_567_890,
    rxBytes: 412_345_678_901,
    txRate: 152_000,
    rxRate: 1_830_000,
    clients: 26,
    ports: [{ id: 1, txBytes: 81_234_567_890, rxBytes: 412_345_678_901, txRate: 152_000, rxRate: 1_830_000 }],
  },
  clients: {
    v: 1,
    ts: TS,
    clients: [
      {
        mac: 'A4:83:E7:10:22:31',
        ip: '192.168.10.105',
        name: 'Anna-iPhone',
        connection: 'wireless',
        type: 'phone',
        ssid: 'Office',
        band: '5G',
        rssi: -58,
        auth: 'WPA2-PSK',
        vlan: 10,
        txBytes: 12_000_000,
        rxBytes: 310_000_000,
        txRate: 2_400,
        rxRate: 96_000,
        uptime: 5_400,
      },
    ],
  },
  events: {
    v: 1,
    ts: TS,
    events: [
      {
        id: 'b7f3c2a9-17',
        kind: 'alarm',
        severity: 'warning',
        code: 'cpu_high',
        text: 'CPU above 90% for 5 minutes',
        at: TS - 1_000,
      },
    ],
  },
  reply: { v: 1, ts: TS, id: 'cmd_8f2k1', ok: false, code: 911, message: 'upgrade in progress' },
  progress: { v: 1, ts: TS, id: 'cmd_8f2k1', stage: 'downloading', percent: 42 },
  configResult: {
    v: 1,
    ts: TS,
    version: 13,
    ok: false,
    code: 104,
    message: 'VLAN 20 overlaps WAN 192.168.1.0/24',
  },
  config: {
    v: 1,
    ts: TS,
    version: 13,
    document: {
      switching: {
        ports: [
          {
            id: 1,
            enabled: true,
            speed: 'auto',
            duplex: 'auto',
            type: 1,
            untagged: 1,
            tagged: [20],
            poe: true,
            poeLimitWatts: 0,
            remark: 'Uplink',
            eee: false,
            loopGuard: true,
            dhcpTrust: true,
          },
        ],
        dhcpSnooping: true,
        led: true,
        vlans: [{ id: 20, name: 'Guest' }],
      },
    },
  },
  command: { v: 1, ts: TS, id: 'cmd_8f2k1', name: 'reboot', args: {}, expiresAt: TS + 300_000 },
  diagnostic: {
    v: 1,
    ts: TS,
    message: 'state',
    code: 'invalid',
    path: 'ports.0.speed',
    reason: 'state: ports.0.speed: Too big: expected number to be <=100000',
    at: TS - 20,
    suppressed: 0,
  },
};

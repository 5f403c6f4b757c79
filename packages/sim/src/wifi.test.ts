import { type DeviceConfigDocument, type DeviceSsid, ERR, SECURITY_MODE_TO_CODE } from '@netloom/domain';
import { type ClientEntry, isFullState, type ScanNetwork, scanResultSchema } from '@netloom/protocol';
import { describe, expect, it } from 'vitest';
import type { VirtualDevice } from './device/device';
import { broadcastOffers, scheduledOff } from './device/wireless';
import type { Fleet, FleetOptions } from './fleet';
import { planFleet } from './plan/plan';
import { useTestBroker } from './testing/useTestBroker';
import { distance } from './wifi/propagation';

const KEY = 'sim-wifi-test-provisioning-key-01234';
const NOON = Date.UTC(2026, 5, 10, 12); // a Wednesday

const sim = useTestBroker(KEY);

async function run(o: Partial<FleetOptions>): Promise<Fleet> {
  const f = sim.start({
    timeFactor: 120,
    startTime: NOON,
    utcOffsetHours: 0,
    rampMs: 50,
    minRealIntervalMs: 200,
    churnPerHour: 0,
    eventsPerHour: 0,
    configReplyDelayMs: 0,
    validate: true,
    ...o,
  });
  await sim.broker.waitFor(() => f.devices.every((d) => sim.broker.messages(d.sn, 'state').length > 0));
  return f;
}

function ssid(key: string, band: DeviceSsid['band'], name: string, o: Partial<DeviceSsid> = {}): DeviceSsid {
  return {
    key,
    band,
    ssid: name,
    security: 'WPA2-PSK',
    cipher: 'AES',
    password: 'correct-horse',
    keyUpdateInterval: 0,
    hidden: false,
    maxClients: 128,
    schedule: [],
    vlanId: null,
    guest: false,
    rateLimit: null,
    radius: null,
    ...o,
    securityCode: o.securityCode ?? SECURITY_MODE_TO_CODE[o.security ?? 'WPA2-PSK'],
  };
}

/** A staff network (WPA2, VLAN 10) and a guest one (open, VLAN 20) on both bands. */
function corpAndGuest(guest: Partial<DeviceSsid> = {}): DeviceSsid[] {
  return (['2.4G', '5G'] as const).flatMap((band) => [
    ssid('corp', band, 'Corp', { vlanId: 10 }),
    ssid('visit', band, 'Visitors', { security: 'none', cipher: null, vlanId: 20, guest: true, ...guest }),
  ]);
}

const config = (sn: string, version: number, document: DeviceConfigDocument) =>
  sim.broker.send(sn, 'config', { version, document });
const results = (sn: string) => sim.broker.messages(sn, 'configResult').map((m) => m.data);
const lastState = (sn: string) => {
  const s = sim.broker.messages(sn, 'state').at(-1)?.data;
  if (!s || !isFullState(s)) throw new Error(`no full state from ${sn}`);
  return s;
};

let seq = 0;
async function command(sn: string, name: string, args: Record<string, unknown> = {}) {
  const id = `w_${++seq}`;
  await sim.broker.send(sn, 'command', { id, name, args, expiresAt: Date.now() + 60_000 });
  await sim.broker.waitFor(() => sim.broker.messages(sn, 'reply').some((r) => r.data.id === id));
  const reply = sim.broker.messages(sn, 'reply').find((r) => r.data.id === id)?.data;
  if (!reply) throw new Error('no reply');
  return reply;
}

async function scan(sn: string, band?: string): Promise<ScanNetwork[]> {
  const reply = await command(sn, 'scan', { durationMs: 500, ...(band ? { band } : {}) });
  expect(reply.ok).toBe(true);
  return scanResultSchema.parse(reply.result).networks;
}

/** The first client table `sn` publishes after `after` messages whose rows pass `ok`. */
async function clientsWhere(sn: string, ok: (rows: ClientEntry[]) => boolean): Promise<ClientEntry[]> {
  let found: ClientEntry[] | undefined;
  await sim.broker.waitFor(() => {
    found = sim.broker
      .messages(sn, 'clients')
      .map((m) => m.data.clients)
      .find(ok);
    return found !== undefined;
  });
  return found ?? [];
}

function busyAp(f: Fleet): VirtualDevice {
  const ap = f.devices
    .filter((d) => d.model.kind === 'ap' && d.online)
    .sort((a, b) => b.clients().size - a.clients().size)[0];
  if (!ap || ap.clients().size < 3) throw new Error('no AP with clients');
  return ap;
}

describe('Wi-Fi: SSIDs, radios, scans, roaming, CPE bridges', () => {
  it('broadcasts the applied SSIDs: guest-like clients join the guest network, others the staff one', async () => {
    const f = await run({ seed: 31, devices: 14, mix: 'office' });
    const ap = busyAp(f);
    const factory = new Set(f.population(ap.plan.site)?.factorySsids.map((s) => s.ssid));
    expect([...ap.clients()].every((c) => !c.wireless || factory.has(c.ssid?.ssid ?? ''))).toBe(true);
    await config(ap.sn, 1, { wireless: { ssids: corpAndGuest() } });
    await sim.broker.waitFor(() => results(ap.sn).length === 1);
    expect(results(ap.sn)[0]?.ok).toBe(true);
    const rows = await clientsWhere(
      ap.sn,
      (r) =>
        r.some((c) => c.connection === 'wireless') &&
        r.every((c) => c.ssid === undefined || !factory.has(c.ssid)),
    );
    const pop = f.population(ap.plan.site);
    const wireless = rows.filter((r) => r.connection === 'wireless');
    expect(wireless.length).toBeGreaterThan(0);
    for (const row of wireless) {
      const client = pop?.clients.find((c) => c.mac === row.mac);
      const wantsGuest = /guest/i.test(client?.preferred?.ssid ?? '');
      expect(row.ssid).toBe(wantsGuest ? 'Visitors' : 'Corp');
      expect(row.auth).toBe(wantsGuest ? 'none' : 'WPA2-PSK');
      expect(row.vlan).toBe(wantsGuest ? 20 : 10);
      expect(ap.model.radios.map((r) => r.band)).toContain(row.band);
    }
    // Another AP, never configured, keeps the factory SSIDs.
    const other = f.devices.find((d) => d.model.kind === 'ap' && d !== ap && d.clients().size > 0);
    if (other)
      expect([...other.clients()].every((c) => !c.wireless || factory.has(c.ssid?.ssid ?? ''))).toBe(true);
  }, 20_000);

  it('shuts an SSID down by its schedule; its clients move to another network of the AP', async () => {
    const f = await run({ seed: 32, devices: 14, mix: 'office' });
    const ap = busyAp(f);
    await config(ap.sn, 1, { wireless: { ssids: corpAndGuest() } });
    await clientsWhere(ap.sn, (r) => r.some((c) => c.ssid === 'Visitors' || c.ssid === 'Corp'));
    // Off every day from 11:00 to 13:00 local time: it is noon.
    const off = [{ days: [0, 1, 2, 3, 4, 5, 6], start: 11 * 60, end: 13 * 60 }];
    await config(ap.sn, 2, { wireless: { ssids: corpAndGuest({ schedule: off }) } });
    await sim.broker.waitFor(() => results(ap.sn).length === 2);
    expect(results(ap.sn)[1]?.ok).toBe(true);
    expect([...ap.clients()].some((c) => c.ssid?.ssid === 'Visitors')).toBe(false);
    const rows = await clientsWhere(
      ap.sn,
      (r) => r.some((c) => c.ssid === 'Corp') && r.every((c) => c.ssid !== 'Visitors'),
    );
    expect(rows.length).toBeGreaterThan(0);
    // A schedule that does not cover now leaves the network on.
    const night = [{ days: [2], start: 0, end: 6 * 60 }];
    await config(ap.sn, 3, { wireless: { ssids: corpAndGuest({ schedule: night }) } });
    await sim.broker.waitFor(() => results(ap.sn).length === 3);
    const names = (at: number) => broadcastOffers(ap, '5G', at)?.map((o) => o.ssid);
    expect(names(f.clock.now())).toEqual(['Corp', 'Visitors']);
    // …and shuts it down on Wednesday night.
    expect(names(Date.UTC(2026, 5, 10, 3))).toEqual(['Corp']);
  }, 20_000);

  it("honours a schedule's date range: the periods apply only on its days (local time, inclusive)", () => {
    const night = [{ days: [0, 1, 2, 3, 4, 5, 6], start: 0, end: 6 * 60 }];
    const dated = (from: string | null, until: string | null) =>
      ssid('corp', '2.4G', 'Corp', { schedule: night, scheduleDates: { from, until } });
    const wedNight = Date.UTC(2026, 5, 10, 3);
    expect(scheduledOff(ssid('corp', '2.4G', 'Corp', { schedule: night }), wedNight, 0)).toBe(true);
    expect(scheduledOff(dated('2026-06-10', '2026-06-10'), wedNight, 0)).toBe(true);
    expect(scheduledOff(dated('2026-06-11', null), wedNight, 0)).toBe(false);
    expect(scheduledOff(dated(null, '2026-06-09'), wedNight, 0)).toBe(false);
    expect(scheduledOff(dated(null, '2026-06-10'), wedNight, 0)).toBe(true);
    // The date is the device's local one: 03:00 UTC is 22:00 on 9 June at UTC−5 (no period then);
    // 05:00 UTC is 00:00 on 10 June there.
    expect(scheduledOff(dated('2026-06-10', null), wedNight, -5)).toBe(false);
    expect(scheduledOff(dated('2026-06-10', '2026-06-10'), Date.UTC(2026, 5, 10, 5), -5)).toBe(true);
    expect(scheduledOff(dated('2026-06-09', '2026-06-09'), Date.UTC(2026, 5, 10, 5), -5)).toBe(false);
  });

  it("keeps a schedule on the project's wall clock across a daylight-saving change (the document's zone)", () => {
    // Off 08:00–09:00 every day, Lisbon time.
    const morning = ssid('corp', '2.4G', 'Corp', {
      schedule: [{ days: [0, 1, 2, 3, 4, 5, 6], start: 480, end: 540 }],
    });
    // Saturday 28 March 2026, winter (UTC+0): 08:30 local is 08:30 UTC.
    expect(scheduledOff(morning, Date.UTC(2026, 2, 28, 8, 30), 'Europe/Lisbon')).toBe(true);
    // Sunday 29 March, summer (UTC+1): 08:30 local is 07:30 UTC; 08:30 UTC is 09:30 local.
    expect(scheduledOff(morning, Date.UTC(2026, 2, 29, 7, 30), 'Europe/Lisbon')).toBe(true);
    expect(scheduledOff(morning, Date.UTC(2026, 2, 29, 8, 30), 'Europe/Lisbon')).toBe(false);
    // A fixed offset (the old behaviour) would be an hour off in summer.
    expect(scheduledOff(morning, Date.UTC(2026, 2, 29, 8, 30), 0)).toBe(true);
  });

  it('runs its schedules on the zone of the document and refuses a zone it does not know (400)', async () => {
    const f = await run({ seed: 36, devices: 8, mix: 'office' });
    const ap = f.devices.find((d) => d.model.kind === 'ap' && d.model.radios.some((r) => r.band === '5G'));
    if (!ap) throw new Error('no AP');
    const morning = [{ days: [0, 1, 2, 3, 4, 5, 6], start: 480, end: 540 }];
    await config(ap.sn, 2, {
      wireless: { ssids: corpAndGuest({ schedule: morning }) },
      time: { zone: 'America/New_York', posix: '<-05>5<-04>4,M3.2.0/2,M11.1.0/2' },
    });
    await sim.broker.waitFor(() => results(ap.sn).length === 1);
    const names = (at: number) => broadcastOffers(ap, '5G', at)?.map((o) => o.ssid);
    // 08:30 in New York in June (UTC-4) is 12:30 UTC: the guest network is off.
    expect(names(Date.UTC(2026, 5, 10, 12, 30))).toEqual(['Corp']);
    expect(names(Date.UTC(2026, 5, 10, 8, 30))).toEqual(['Corp', 'Visitors']);
    await config(ap.sn, 3, {
      wireless: { ssids: corpAndGuest({ schedule: morning }) },
      time: { zone: 'Mars/Olympus_Mons', posix: '<+00>0' },
    });
    await sim.broker.waitFor(() => results(ap.sn).length === 2);
    expect(results(ap.sn)[1]).toMatchObject({ ok: false, code: 400 });
  }, 20_000);

  it('refuses an SSID whose numeric security code disagrees with its mode (400), keeping the old config', async () => {
    const f = await run({ seed: 35, devices: 8, mix: 'office' });
    const ap = busyAp(f);
    const wrong = [ssid('corp', '2.4G', 'Corp', { security: 'WPA3-SAE', securityCode: 2 })];
    await config(ap.sn, 1, { wireless: { ssids: wrong } });
    await sim.broker.waitFor(() => results(ap.sn).length === 1);
    expect(results(ap.sn)[0]).toMatchObject({ version: 1, ok: false, code: ERR.INVALID_PARAMETERS });
    expect(results(ap.sn)[0]?.message).toMatch(/security code 2 does not match WPA3-SAE \(code 3\)/);
    expect(ap.configVersion).toBe(0);
    const right = [ssid('corp', '2.4G', 'Corp', { security: 'WPA3-SAE' })];
    await config(ap.sn, 2, { wireless: { ssids: right } });
    await sim.broker.waitFor(() => results(ap.sn).length === 2);
    expect(results(ap.sn)[1]).toMatchObject({ version: 2, ok: true });
  }, 20_000);

  it('refuses more than 8 SSIDs on a band (2007) and radio settings the hardware lacks (400)', async () => {
    const f = await run({ seed: 33, devices: 8, mix: 'office' });
    const ap = f.devices.find((d) => d.model.kind === 'ap' && !d.model.radios.some((r) => r.band === '6G'));
    if (!ap) throw new Error('no dual-band AP');
    const nine = Array.from({ length: 9 }, (_, i) => ssid(`net${i}x`, '2.4G', `Net-${i}`));
    await config(ap.sn, 1, { wireless: { ssids: nine } });
    await sim.broker.waitFor(() => results(ap.sn).length === 1);
    expect(results(ap.sn)[0]).toMatchObject({ version: 1, ok: false, code: ERR.DEVICE_NETWORK_LIMIT });
    const radio = (band: '2.4G' | '5G' | '6G', channel: number) => ({
      radio: { radios: [{ band, enabled: true, channel, width: 20 as const, txPower: 0 }] },
    });
    await config(ap.sn, 2, radio('2.4G', 14));
    await config(ap.sn, 3, radio('6G', 37));
    await sim.broker.waitFor(() => results(ap.sn).length === 3);
    expect(results(ap.sn).slice(1)).toMatchObject([
      { version: 2, ok: false, code: ERR.INVALID_PARAMETERS },
      { version: 3, ok: false, code: ERR.INVALID_PARAMETERS },
    ]);
    expect(ap.configVersion).toBe(0);
    // Eight per band is fine.
    await config(ap.sn, 4, { wireless: { ssids: nine.slice(0, 8) } });
    await sim.broker.waitFor(() => results(ap.sn).length === 4);
    expect(results(ap.sn)[3]).toMatchObject({ version: 4, ok: true });
  }, 20_000);

  it('applies radio channel, width and power; 0 keeps the automatic values; state.radios reports them', async () => {
    const f = await run({ seed: 34, devices: 8, mix: 'office' });
    const ap = f.devices.find((d) => d.model.kind === 'ap' && d.model.model !== 'NL-A750P');
    if (!ap) throw new Error('no AP');
    const before = lastState(ap.sn).radios;
    const auto24 = before.find((r) => r.band === '2.4G');
    await config(ap.sn, 1, {
      radio: {
        radios: [
          { band: '2.4G', enabled: true, channel: 0, width: 20, txPower: 0 },
          { band: '5G', enabled: true, channel: 149, width: 80, txPower: 15 },
        ],
      },
    });
    await sim.broker.waitFor(() => results(ap.sn).length === 1 && lastState(ap.sn).configVersion === 1);
    const radios = lastState(ap.sn).radios;
    expect(radios.find((r) => r.band === '5G')).toMatchObject({ channel: 149, width: 80, txPower: 15 });
    expect(radios.find((r) => r.band === '2.4G')).toMatchObject({
      channel: auto24?.channel,
      width: 20,
      txPower: auto24?.txPower,
    });
    // Survives a reboot (the automatic channel may change, the fixed one does not).
    await command(ap.sn, 'reboot');
    await sim.broker.waitFor(() => sim.broker.messages(ap.sn, 'hello').length === 2, 15_000);
    await sim.broker.waitFor(() => lastState(ap.sn).status === 1);
    expect(lastState(ap.sn).radios.find((r) => r.band === '5G')).toMatchObject({ channel: 149, txPower: 15 });
  }, 25_000);

  it('answers scan with the site radios it hears: SN, channel, txPower, stronger when nearer, symmetric', async () => {
    const f = await run({ seed: 35, devices: 33, mix: 'dense' });
    const aps = f.devices.filter((d) => d.model.kind === 'ap');
    expect(aps).toHaveLength(30);
    const [a, b] = aps;
    if (!a || !b) throw new Error('no APs');
    const heardByA = await scan(a.sn);
    const heardByB = await scan(b.sn);
    expect(heardByA.length).toBeGreaterThan(20);
    expect(heardByA.some((n) => n.sn === a.sn)).toBe(false);
    for (const n of heardByA) {
      expect(n.rssi).toBeGreaterThanOrEqual(-90);
      const src = f.device(n.sn ?? '');
      const radio = src?.hardware.radio(n.band);
      expect(radio).toMatchObject({ channel: n.channel, txPower: n.txPower });
      // The dense floor: everyone on 2.4 GHz channel 1 and 5 GHz channel 36.
      expect(n.channel).toBe(n.band === '2.4G' ? 1 : 36);
    }
    // Sorted strongest first; nearer APs are heard louder on the same band.
    expect(heardByA.map((n) => n.rssi)).toEqual([...heardByA.map((n) => n.rssi)].sort((x, y) => y - x));
    const on5 = heardByA.filter((n) => n.band === '5G');
    const by = (n: ScanNetwork) => distance(a.plan.pos, f.device(n.sn ?? '')?.plan.pos ?? { x: 0, y: 0 });
    const nearest = [...on5].sort((x, y) => by(x) - by(y))[0];
    const farthest = [...on5].sort((x, y) => by(y) - by(x))[0];
    expect(nearest && farthest && nearest.rssi).toBeGreaterThan(farthest?.rssi ?? 0);
    // What A hears of B and B of A differ only by their transmit powers.
    for (const band of ['2.4G', '5G'] as const) {
      const ab = heardByA.find((n) => n.sn === b.sn && n.band === band);
      const ba = heardByB.find((n) => n.sn === a.sn && n.band === band);
      if (!ab || !ba) throw new Error(`A and B do not hear each other on ${band}`);
      expect(Math.abs(ab.rssi - (ab.txPower ?? 0) - (ba.rssi - (ba.txPower ?? 0)))).toBeLessThanOrEqual(1);
    }
    // A band filter.
    const only5 = await scan(a.sn, '5G');
    expect(only5.length).toBeGreaterThan(0);
    expect(only5.every((n) => n.band === '5G')).toBe(true);
  }, 25_000);

  it('switches a CPE bridge mode: clearing, restarting, back in the new mode; state.cpe follows the link', async () => {
    const seed = [...Array(300).keys()].find((s) =>
      planFleet({ seed: s, devices: 16, mix: 'office' }).devices.some(
        (d) => d.kind === 'cpe' && d.uplink?.kind === 'wireless',
      ),
    );
    if (seed === undefined) throw new Error('no plan with a bridge');
    const f = await run({ seed, devices: 16, mix: 'office' });
    const far = f.devices.find((d) => d.model.kind === 'cpe' && d.plan.uplink?.kind === 'wireless');
    const near = far?.plan.uplink ? f.device(far.plan.uplink.parentSn) : undefined;
    if (!far || !near) throw new Error('no bridge');
    expect(lastState(near.sn).cpe).toMatchObject({ mode: 'ap', bridge: 'connected', peerSn: far.sn });
    const linked = lastState(far.sn).cpe;
    expect(linked).toMatchObject({ mode: 'client', bridge: 'connected', peerSn: near.sn });
    expect(linked?.ssid).toBe(lastState(near.sn).cpe?.ssid);
    expect(linked?.rssi).toBeLessThan(-20);
    // The client end's scan lists its peer's bridge network.
    const heard = await scan(far.sn);
    expect(heard.some((n) => n.sn === near.sn && n.ssid === linked?.ssid)).toBe(true);

    // A bridge document naming another uplink: the link drops.
    await config(far.sn, 1, {
      bridge: {
        bridgeName: 'Far end',
        mgmtSsid: 'Far-Mgmt',
        mgmtPassword: 'mgmt-pass-1',
        uplink: { ssid: 'Somebody-else', bssid: '02:00:00:00:00:01', channel: 36, password: '' },
      },
    });
    await sim.broker.waitFor(() => lastState(far.sn).configVersion === 1);
    expect(lastState(far.sn).cpe).toMatchObject({ mode: 'client', bridge: 'none', ssid: 'Somebody-else' });
    const bssid = heard.find((n) => n.sn === near.sn && n.ssid === linked?.ssid)?.bssid ?? '';
    await config(far.sn, 2, {
      bridge: {
        bridgeName: 'Far end',
        mgmtSsid: 'Far-Mgmt',
        mgmtPassword: 'mgmt-pass-1',
        uplink: { ssid: 'renamed', bssid, channel: 36, password: '' },
      },
    });
    await sim.broker.waitFor(() => lastState(far.sn).configVersion === 2);
    expect(lastState(far.sn).cpe).toMatchObject({ bridge: 'connected', peerSn: near.sn });

    // The near end becomes a client: progress, reply, restart (~2 simulated minutes), new mode.
    const reply = await command(near.sn, 'cpeMode', { mode: 'client' });
    expect(reply.ok).toBe(true);
    const stages = sim.broker.messages(near.sn, 'progress').map((p) => p.data.stage);
    expect(stages).toEqual(['clearing', 'restarting']);
    await sim.broker.waitFor(() => sim.broker.messages(near.sn, 'state').some((s) => s.data.status === 8));
    await sim.broker.waitFor(() => sim.broker.messages(near.sn, 'hello').length === 2, 15_000);
    await sim.broker.waitFor(() => lastState(near.sn).status === 1);
    expect(lastState(near.sn).cpe).toMatchObject({ mode: 'client', bridge: 'none' });
    // Its peer is no longer an access point: the far end reports no bridge at its next state.
    const n = sim.broker.messages(far.sn, 'state').length;
    await sim.broker.waitFor(() => sim.broker.messages(far.sn, 'state').length > n);
    expect(lastState(far.sn).cpe).toMatchObject({ mode: 'client', bridge: 'none' });
    // Asking for the mode it is in answers at once, without a restart; a bad mode is 400.
    expect(await command(near.sn, 'cpeMode', { mode: 'client' })).toMatchObject({ ok: true });
    expect(await command(near.sn, 'cpeMode', { mode: 'bridge' })).toMatchObject({
      ok: false,
      code: ERR.INVALID_PARAMETERS,
    });
    expect(sim.broker.messages(near.sn, 'hello')).toHaveLength(2);
  }, 30_000);
});

describe('what the radios report they broadcast (state.radios[].ssids), 6 GHz', () => {
  it('reports the factory networks with their clients, then the applied SSIDs; 6 GHz takes WPA3-SAE only', async () => {
    const f = await run({ seed: 38, devices: 14, mix: 'office' });
    const tri = f.devices.find((d) => d.model.kind === 'ap' && d.model.radios.some((r) => r.band === '6G'));
    if (!tri) throw new Error('no tri-band AP');
    const factory = f.population(tri.plan.site)?.factorySsids ?? [];
    await sim.broker.waitFor(() => (lastState(tri.sn).radios[0]?.ssids?.length ?? 0) > 0);
    const before = lastState(tri.sn).radios;
    const r24 = before.find((r) => r.band === '2.4G');
    expect(r24?.ssids?.map((s) => s.ssid)).toEqual(factory.map((s) => s.ssid));
    expect(r24?.ssids?.reduce((n, s) => n + (s.clients ?? 0), 0)).toBe(r24?.clients);
    // Wi-Fi 6E: the factory networks on 6 GHz are only those with SAE.
    const six = before.find((r) => r.band === '6G')?.ssids ?? [];
    expect(six.every((s) => s.security === 'WPA3-SAE')).toBe(true);

    const wpa2On6 = ssid('lab', '6G', 'Lab-6E');
    await config(tri.sn, 1, { wireless: { ssids: [wpa2On6] } });
    await sim.broker.waitFor(() => results(tri.sn).length === 1);
    expect(results(tri.sn)[0]).toMatchObject({ ok: false, code: ERR.SIX_GHZ_NEEDS_WPA3 });

    const sae = ssid('lab', '6G', 'Lab-6E', { security: 'WPA3-SAE', vlanId: 30 });
    await config(tri.sn, 2, { wireless: { ssids: [ssid('lab', '5G', 'Lab'), sae] } });
    await sim.broker.waitFor(() => results(tri.sn).length === 2);
    expect(results(tri.sn)[1]?.ok).toBe(true);
    await sim.broker.waitFor(() => lastState(tri.sn).configVersion === 2);
    const after = lastState(tri.sn).radios;
    expect(after.find((r) => r.band === '6G')?.ssids).toEqual([
      expect.objectContaining({ ssid: 'Lab-6E', security: 'WPA3-SAE', vlan: 30, hidden: false }),
    ]);
    expect(after.find((r) => r.band === '2.4G')?.ssids).toEqual([]);
  });
});

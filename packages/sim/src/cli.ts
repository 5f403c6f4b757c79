/**
 * `npm run sim -- --server mqtt://127.0.0.1:1883 --devices 200 --mix default --seed 1 --time-factor 10`
 * Runs a simulated fleet against any broker speaking docs/protocol.md and prints one status line.
 * `--sns-file` simulates the serial numbers listed in a file (one per line); `--project` first claims
 * them into a project through the console's HTTP API (needs --email and --password).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEV_PROVISIONING_KEY, isSerial } from '@netloom/protocol';
import { claimDevices } from './claim';
import { UPGRADE_FAILURES, type UpgradeFailure } from './device/context';
import { createFleet } from './fleet';
import { isMixName, MIXES, type MixName } from './plan/plan';
import type { SiteKind } from './plan/sites';

// Without --provisioning-key or PROVISIONING_KEY the fleet uses the protocol's development key, as a
// console started without PROVISIONING_KEY does.
/** The kind of the one network a fleet for one project forms: the mix's own, or an office for mixes of sites. */
function oneNetworkOf(mix: MixName): SiteKind {
  return mix === 'default' || mix === 'tour' ? 'office' : mix;
}

const HELP = `Usage: npm run sim -- [options]
  --server <url>            broker: mqtt://host:1883 or ws://host:port/mqtt (default mqtt://127.0.0.1:1883)
  --devices <n>             number of devices (default 50)
  --mix <name>              ${Object.keys(MIXES).join(' | ')} (default default)
  --seed <n>                plan seed (default 1)
  --time-factor <x>         simulated seconds per real second (default 1)
  --interval <s>            telemetry interval in simulated seconds (default 30)
  --sns-file <path>         simulate these serial numbers (one per line) instead of planned ones,
                            as one network (see --project)
  --provisioning-key <key>  default: $PROVISIONING_KEY, else the development key
  --churn <x>               share of devices dropping off per simulated hour (default 0: a healthy
                            network; 0.02 makes devices drop off now and then, each an alarm)
  --events <x>              field events per device per simulated hour (default 0; 0.2 adds the odd
                            loop, IP conflict or port flap a real site reports)
  --project <id or name>    claim the devices into this project first (HTTP API); the devices then
                            form one network (a project holds one gateway): an office for the
                            default mix, else the mix's own kind (home, video, switches, dense…)
  --api <url>               console URL for --project (default http://127.0.0.1:3000)
  --email <e>, --password <p>  account for --project
  --config-delay <ms>       simulated ms a device takes to apply a config before answering (default 200)
  --ramp <s>                spread the first connections over this many seconds (default ≤ 10)
  --fail-upgrade <SN=how>   make this device's upgrades fail: download | hash | upgrade, or
                            interrupt (broken once, resumed with a Range request); repeatable
  --fail-format <SN>        make this recorder's disk formats fail part-way (3000); repeatable
  --validate                check every payload against the protocol schemas before sending
  --json                    status as one JSON object per line (for scripts and benches)
  --quiet                   no status line`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      server: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
      devices: { type: 'string', default: '50' },
      mix: { type: 'string', default: 'default' },
      seed: { type: 'string', default: '1' },
      'time-factor': { type: 'string', default: '1' },
      interval: { type: 'string', default: '30' },
      'sns-file': { type: 'string' },
      'provisioning-key': { type: 'string' },
      churn: { type: 'string' },
      events: { type: 'string' },
      project: { type: 'string' },
      api: { type: 'string', default: 'http://127.0.0.1:3000' },
      email: { type: 'string' },
      password: { type: 'string' },
      ramp: { type: 'string' },
      'config-delay': { type: 'string' },
      'fail-upgrade': { type: 'string', multiple: true },
      'fail-format': { type: 'string', multiple: true },
      validate: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  const num = (name: string, v: string | undefined) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number, got ${v}`);
    return n;
  };
  if (!isMixName(values.mix)) throw new Error(`--mix must be one of ${Object.keys(MIXES).join(', ')}`);
  let sns: string[] | undefined;
  if (values['sns-file']) {
    const lines = readFileSync(values['sns-file'], 'utf8')
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = lines.filter((s) => !isSerial(s));
    if (bad.length > 0)
      throw new Error(`not serial numbers (16–32 letters or digits): ${bad.slice(0, 5).join(', ')}`);
    sns = [...new Set(lines)];
  }
  const upgradeFailures: Record<string, UpgradeFailure> = {};
  for (const item of values['fail-upgrade'] ?? []) {
    const [sn, how] = item.split('=');
    if (!sn || !(UPGRADE_FAILURES as readonly string[]).includes(how ?? ''))
      throw new Error(`--fail-upgrade must be SN=${UPGRADE_FAILURES.join('|')}, got ${item}`);
    upgradeFailures[sn] = how as UpgradeFailure;
  }
  const fleet = createFleet({
    url: values.server,
    upgradeFailures,
    formatFailures: values['fail-format'] ?? [],
    provisioningKey: values['provisioning-key'] ?? process.env.PROVISIONING_KEY ?? DEV_PROVISIONING_KEY,
    seed: Math.floor(num('seed', values.seed)),
    devices: Math.floor(num('devices', values.devices)),
    mix: values.mix,
    sns,
    site: sns || values.project ? oneNetworkOf(values.mix) : undefined,
    timeFactor: num('time-factor', values['time-factor']) || 1,
    telemetryIntervalMs: num('interval', values.interval) * 1000,
    // A healthy network unless asked for a lively one: the README's first run shows no alarm.
    churnPerHour: values.churn === undefined ? 0 : num('churn', values.churn),
    eventsPerHour: values.events === undefined ? 0 : num('events', values.events),
    rampMs: values.ramp === undefined ? undefined : num('ramp', values.ramp) * 1000,
    configReplyDelayMs:
      values['config-delay'] === undefined ? undefined : num('config-delay', values['config-delay']),
    validate: values.validate,
  });

  if (values.project) {
    if (!values.email || !values.password) throw new Error('--project needs --email and --password');
    const r = await claimDevices({
      api: values.api,
      email: values.email,
      password: values.password,
      project: values.project,
      devices: fleet.plan.devices,
    });
    console.log(
      `project ${r.projectId}: ${r.added} added, ${r.already} already there, ${r.failed.length} refused`,
    );
    for (const f of r.failed.slice(0, 5)) console.log(`  ${f.sn}: ${f.code} ${f.message}`);
  }

  const kinds = new Map<string, number>();
  for (const d of fleet.plan.devices) kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
  console.log(
    `sim: ${fleet.devices.length} devices in ${fleet.plan.sites} sites (${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}) → ${values.server}`,
  );
  fleet.start();
  const tty = process.stdout.isTTY;
  const timer = setInterval(() => {
    if (values.quiet) return;
    const s = fleet.stats();
    if (values.json) {
      console.log(JSON.stringify({ at: Date.now(), ...s }));
      return;
    }
    const t = new Date(s.simTime).toISOString().slice(5, 16).replace('T', ' ');
    const line = `sim ${t} | online ${s.online}/${s.devices} connecting ${s.connecting} | msgs ${s.published} (${s.ratePerSec}/s) cmds ${s.commands} | configs ${s.configApplied} applied ${s.configRefused} refused | clients ${s.clients} roams ${s.roams} | reconnects ${s.reconnects} refused ${s.authRefusals} errors ${s.connectErrors}`;
    if (tty) process.stdout.write(`\r${line.padEnd(150)}`);
    else console.log(line);
  }, 2000);

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(1); // a second Ctrl-C: leave now
    stopping = true;
    clearInterval(timer);
    if (tty) process.stdout.write('\n');
    console.log('sim: stopping (devices announce offline and disconnect)…');
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // A benchmark's cut: every device stops publishing, connections stay; the totals are final.
  process.on('SIGUSR2', () => {
    fleet.pause();
    clearInterval(timer);
    if (values.json) console.log(JSON.stringify({ at: Date.now(), final: true, ...fleet.stats() }));
  });
}

main().catch((e: unknown) => {
  console.error(`sim: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});

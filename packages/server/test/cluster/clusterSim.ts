/**
 * The simulator of the two-node test, run as its own process (`node --import tsx clusterSim.ts
 * '<json options>'`) so its thousands of MQTT connections do not share the test's event loop. Two
 * fleets against the broker: the load fleet (planned devices of the default mix, telemetry) and a
 * small configuration fleet (gateway + switches, every one takes a configuration). Prints one JSON
 * line of figures every `reportMs` and a last one on SIGTERM, after the fleets stopped.
 */
import { createFleet, type Fleet } from '@netloom/sim';

export interface ClusterSimOptions {
  url: string;
  provisioningKey: string;
  load: { seed: number; devices: number };
  config: { seed: number; devices: number };
  timeFactor: number;
  reportMs: number;
}

export interface ClusterSimReport {
  final: boolean;
  /** When these figures were taken (epoch ms). */
  at: number;
  load: { published: number; telemetry: number; online: number; reconnects: number };
  config: {
    online: number;
    telemetry: number;
    applied: number;
    duplicates: number;
    versions: Record<string, number>;
  };
}

const options = JSON.parse(process.argv[2] ?? '{}') as ClusterSimOptions;
const common = {
  url: options.url,
  provisioningKey: options.provisioningKey,
  timeFactor: options.timeFactor,
  churnPerHour: 0,
  eventsPerHour: 0,
  // Back soon after a broker restart (the protocol's defaults wait up to 10 s at first).
  backoff: { firstMinMs: 200, firstMaxMs: 3000, capMs: 5000 },
};
const load = createFleet({
  ...common,
  seed: options.load.seed,
  devices: options.load.devices,
  mix: 'default',
});
const config = createFleet({
  ...common,
  seed: options.config.seed,
  devices: options.config.devices,
  mix: 'switches',
  configReplyDelayMs: 200,
});

function report(final: boolean): ClusterSimReport {
  const l = load.stats();
  const c = config.stats();
  const versions = (f: Fleet) => Object.fromEntries(f.devices.map((d) => [d.sn, d.configVersion]));
  return {
    final,
    at: Date.now(),
    load: {
      published: l.published,
      telemetry: l.byMessage.telemetry,
      online: l.online,
      reconnects: l.reconnects,
    },
    config: {
      online: c.online,
      telemetry: c.byMessage.telemetry,
      applied: c.configApplied,
      duplicates: c.configDuplicates,
      versions: versions(config),
    },
  };
}

load.start();
config.start();
const timer = setInterval(() => console.log(JSON.stringify(report(false))), options.reportMs);
process.once('SIGTERM', () => {
  clearInterval(timer);
  void Promise.all([load.stop(), config.stop()]).then(() => {
    console.log(JSON.stringify(report(true)));
    process.exit(0);
  });
});

// Config delivery bench: the simulated fleet, one process, run with tsx. One gateway and switches only
// (mix `switches`: every unit takes a configuration), answering a `config` at once
// (configReplyDelayMs 0), no churn. Usage: configSim.ts <mqtt url> <seed> <devices>.
// Prints {"at","online","applied","refused","duplicates"} every 250 ms; SIGTERM stops it cleanly.
import { createFleet, DEV_PROVISIONING_KEY } from '@netloom/sim';

const [url, seedArg, devicesArg] = process.argv.slice(2);
if (!url || !seedArg || !devicesArg) throw new Error('usage: configSim.ts <mqtt url> <seed> <devices>');
const fleet = createFleet({
  url,
  provisioningKey: process.env.PROVISIONING_KEY ?? DEV_PROVISIONING_KEY,
  seed: Number(seedArg),
  devices: Number(devicesArg),
  mix: 'switches',
  churnPerHour: 0,
  eventsPerHour: 0,
  configReplyDelayMs: 0,
  rampMs: 2000,
  backoff: { firstMinMs: 500, firstMaxMs: 2000, capMs: 5000 },
});
fleet.start();
const timer = setInterval(() => {
  const s = fleet.stats();
  console.log(
    JSON.stringify({
      at: Date.now(),
      online: s.online,
      applied: s.configApplied,
      refused: s.configRefused,
      duplicates: s.configDuplicates,
      errors: s.errors,
    }),
  );
}, 250);
const stop = async () => {
  clearInterval(timer);
  await fleet.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

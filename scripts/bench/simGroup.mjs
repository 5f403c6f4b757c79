// The simulated fleet of the device benches as several simulator processes ("shards"): no process
// here may hold more than 20,000 open files (`ulimit -Hn`), and one simulator process for 18,000
// devices would also be the bottleneck of a reconnect storm rather than the server. Shard k runs
// seed SIM_SEED + k (serial numbers carry the seed, so shards never collide).
import { sleep, spawnTs, stop } from './devicesLib.mjs';

export const SIM_SEED = 1;
/** Devices per simulator process. */
export const SHARD_SIZE = 5000;

/** The shards of an n-device fleet: [{ seed, devices }], as even as possible. */
export function shardsOf(n, size = SHARD_SIZE) {
  const count = Math.max(1, Math.ceil(n / size));
  return Array.from({ length: count }, (_, k) => ({
    seed: SIM_SEED + k,
    devices: Math.floor(n / count) + (k < n % count ? 1 : 0),
  }));
}

export function simArgs(port, timeFactor, shard) {
  return [
    ...[
      '--server',
      `mqtt://127.0.0.1:${port}`,
      '--devices',
      String(shard.devices),
      '--seed',
      String(shard.seed),
    ],
    ...['--time-factor', String(timeFactor), '--churn', '0', '--json'],
  ];
}

/**
 * Starts every shard. `samples`: one entry per shard report, the fleet's totals at that moment
 * ({ at, published, online, connectErrors }); `pause()` (SIGUSR2: every device stops publishing,
 * connections stay open) resolves with the final totals, messages published and wills the broker
 * published for sessions lost on the way; `kill()` is SIGKILL.
 */
export function startSims(port, timeFactor, n) {
  const shards = shardsOf(n);
  const last = shards.map(() => ({ published: 0, online: 0, connectErrors: 0 }));
  const finals = shards.map(() => null);
  const samples = [];
  const children = shards.map((shard, k) =>
    spawnTs('packages/sim/src/cli.ts', simArgs(port, timeFactor, shard), {
      onJson: (o) => {
        if (o.final) finals[k] = o;
        last[k] = o;
        samples.push({
          at: o.at,
          published: last.reduce((a, s) => a + s.published, 0),
          online: last.reduce((a, s) => a + s.online, 0),
          connectErrors: last.reduce((a, s) => a + s.connectErrors, 0),
        });
      },
    }),
  );
  return {
    shards,
    samples,
    children,
    async pause() {
      for (const c of children) c.kill('SIGUSR2');
      for (let i = 0; i < 200 && finals.some((f) => f === null); i++) await sleep(50);
      if (finals.some((f) => f === null)) throw new Error('a simulator did not print its final totals');
      // Wills: sessions the simulators lost without a DISCONNECT — the broker published those.
      const byMessage = {};
      for (const f of finals)
        for (const [m, n] of Object.entries(f.byMessage ?? {})) byMessage[m] = (byMessage[m] ?? 0) + n;
      return {
        published: finals.reduce((a, f) => a + f.published, 0),
        wills: finals.reduce((a, f) => a + f.wills, 0),
        byMessage,
      };
    },
    async kill() {
      await Promise.all(children.map((c) => stop(c, 'SIGKILL')));
    },
  };
}

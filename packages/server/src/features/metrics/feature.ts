/**
 * `GET /api/internal/metrics` (only with METRICS_ENABLED, only from loopback): the process's own
 * figures for benchmarks and operators — memory, CPU time, event-loop delay, the device gateway's
 * counters, the device-row writer's and the telemetry writer's counters, and the publish → committed
 * latency of telemetry samples. `?reset=1` starts a new latency window. Not part of the public API.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { DeviceWriter } from '../../gateway/deviceWriter';
import type { DeviceGateway } from '../../gateway/types';
import type { Feature } from '../../lib/feature';
import { fromLoopback } from '../../lib/loopback';
import type { Telemetry } from '../telemetry';

/** Latencies kept per window; beyond this the window samples every other sample, and so on. */
const MAX_SAMPLES = 200_000;
/** Samples waiting for their commit; a device deleted meanwhile must not leak entries forever. */
const MAX_PENDING = 100_000;

/** Publish → committed latency of telemetry: the device's `ts` to the end of its batch's commit. */
class LatencyWindow {
  private values: number[] = [];
  private stride = 1;
  private seen = 0;
  startedAt = Date.now();

  add(ms: number): void {
    this.seen++;
    if (this.seen % this.stride !== 0) return;
    this.values.push(ms);
    if (this.values.length >= MAX_SAMPLES) {
      this.values = this.values.filter((_, i) => i % 2 === 0);
      this.stride *= 2;
    }
  }

  summary() {
    const s = [...this.values].sort((a, b) => a - b);
    const at = (q: number) =>
      s.length === 0 ? null : (s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? null);
    return { samples: this.seen, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s.at(-1) ?? null };
  }

  reset(): void {
    this.values = [];
    this.stride = 1;
    this.seen = 0;
    this.startedAt = Date.now();
  }
}

export interface MetricsDeps {
  gateway: Pick<DeviceGateway, 'stats'>;
  deviceWriter: Pick<DeviceWriter, 'counters'>;
  telemetry: Pick<Telemetry, 'onCommitted' | 'stats'>;
}

/**
 * The metrics feature (METRICS_ENABLED). Its `telemetry` handler remembers each sample's device
 * time until the sample commits; its route is a plain one, not a domain `endpoint()`: an internal
 * document outside the public API (hidden from OpenAPI), answered only to loopback callers.
 */
export function createMetricsFeature(deps: MetricsDeps): Feature {
  const latency = new LatencyWindow();
  // The telemetry sample stores the server's receive time; the device's own `ts` (same clock on a
  // benchmark machine) is remembered here per (device, receive time) until the sample commits.
  const published = new Map<string, number>();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let off: (() => void) | null = null;
  return {
    name: 'metrics',
    device: {
      telemetry: (ctx, data) => {
        if (!ctx.device) return;
        if (published.size >= MAX_PENDING) published.clear();
        published.set(`${ctx.device.deviceId}:${ctx.at}`, data.ts);
      },
    },
    start() {
      off = deps.telemetry.onCommitted((samples) => {
        const now = Date.now();
        for (const s of samples) {
          const key = `${s.device_id}:${s.ts}`;
          const ts = published.get(key);
          published.delete(key);
          latency.add(now - (ts ?? s.ts));
        }
      });
      loop.enable();
    },
    stop() {
      off?.();
      off = null;
      loop.disable();
    },
    async routes(app) {
      app.get('/api/internal/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!fromLoopback(request)) return reply.code(404).send();
        const query = request.query as { reset?: string };
        const memory = process.memoryUsage();
        const cpu = process.cpuUsage();
        const body = {
          at: Date.now(),
          process: {
            rss: memory.rss,
            heapUsed: memory.heapUsed,
            heapTotal: memory.heapTotal,
            external: memory.external,
            arrayBuffers: memory.arrayBuffers,
            cpuUserUs: cpu.user,
            cpuSystemUs: cpu.system,
            eventLoopDelayMs: {
              p50: loop.percentile(50) / 1e6,
              p99: loop.percentile(99) / 1e6,
              max: loop.max / 1e6,
            },
          },
          gateway: deps.gateway.stats(),
          deviceWriter: { ...deps.deviceWriter.counters },
          telemetry: { ...deps.telemetry.stats, pendingLatency: published.size },
          publishToCommittedMs: { sinceMs: Date.now() - latency.startedAt, ...latency.summary() },
        };
        if (query.reset === '1') {
          latency.reset();
          loop.reset();
        }
        return body;
      });
    },
  };
}

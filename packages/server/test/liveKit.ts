import type { LiveEvent, LiveEventOf, LiveEventType, LiveServerMessage } from '@netloom/domain';
import WebSocket from 'ws';
import type { LiveBus } from '../src/live/bus';
import { waitFor } from './gatewayKit';

/**
 * Waits until `live` (events a bus subscriber collects) holds `count` events of `type` that `match`,
 * and returns them, oldest first. An event announced after a commit may reach the bus a moment after
 * a reader on another connection already sees the rows.
 */
export function waitForLiveEvents<T extends LiveEventType>(
  live: readonly LiveEvent[],
  type: T,
  { count = 1, match = () => true }: { count?: number; match?: (e: LiveEventOf<T>) => boolean } = {},
): Promise<LiveEventOf<T>[]> {
  return waitFor(
    () => {
      const found = live.filter((e): e is LiveEventOf<T> => e.type === type && match(e as LiveEventOf<T>));
      return found.length >= count ? found : undefined;
    },
    { what: `${count} ${type} event(s)` },
  );
}

/** A browser on the live channel: the server's messages collected, and the close code once closed. */
export async function openLive(port: number, headers: Record<string, string>, protocols: string[] = []) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/live`, protocols, { headers });
  const got: LiveServerMessage[] = [];
  ws.on('message', (d) => got.push(JSON.parse(d.toString()) as LiveServerMessage));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, got, closed };
}

/** The statuses seen so far, oldest first; `stop` ends the watch. */
export interface StatusWatch {
  seen: number[];
  stop: () => void;
}

/**
 * One device's statuses as the server pushes them to browsers, from now on. A short status (rebooting,
 * upgrading: a second or two at a test's time factor) is seen here even when a poll of the device
 * would miss it on a loaded machine.
 */
export function watchDeviceStatuses(bus: LiveBus, projectId: number, deviceId: number): StatusWatch {
  const seen: number[] = [];
  const stop = bus.subscribe(projectId, (e) => {
    if (e.type === 'device.status' && e.deviceId === deviceId) seen.push(e.status);
  });
  return { seen, stop };
}

import { clientDisplayName, ERR, errorMessage, type OnlineClient } from '@netloom/domain';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/live';
import { fetchCommandJob } from '../commands';
import { useKickClient } from './api';

/** A force-offline the device has not confirmed yet (or confirmed, until the row is gone). */
export interface PendingKick {
  commandId: string;
  deviceId: number;
  name: string;
  done: boolean;
}

// The server gives a kick 60 s; a little later we ask for the job in case an event was missed.
const CHECK_AFTER_MS = 65_000;
const rowKey = (mac: string, deviceId: number) => `${mac}@${deviceId}`;

export interface KickResult {
  sent: number;
  refused: { client: OnlineClient; message: string }[];
}

/**
 * Force-offline for the client list: sends the command, shows it pending, and follows the job over
 * the live channel (`command.updated`). Success needs no refresh: the device's confirmation
 * removes the client server-side and `clients.changed` refetches the list. Failures are reported.
 */
export function useKickTracker(projectId: number, rows: readonly OnlineClient[]) {
  const { message } = App.useApp();
  const kick = useKickClient(projectId);
  const [pending, setPending] = useState<ReadonlyMap<string, PendingKick>>(new Map());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const forget = useCallback((key: string) => {
    clearTimeout(timers.current.get(key));
    timers.current.delete(key);
    setPending((old) => {
      if (!old.has(key)) return old;
      const next = new Map(old);
      next.delete(key);
      return next;
    });
  }, []);

  const fail = useCallback(
    (key: string, p: PendingKick, text: string) => {
      forget(key);
      message.error(`${p.name} was not forced offline: ${text}`);
    },
    [forget, message],
  );

  useLiveEvents(
    projectId,
    (e) => {
      if (e.type !== 'command.updated') return;
      for (const [key, p] of pending) {
        if (p.commandId !== e.commandId) continue;
        if (e.status === 'done') setPending((old) => new Map(old).set(key, { ...p, done: true }));
        else if (e.status === 'failed') fail(key, p, errorMessage(e.code ?? ERR.SERVER_ERROR));
        else if (e.status === 'expired') fail(key, p, 'the device did not confirm in time.');
      }
    },
    ['command.updated'],
  );

  // A confirmed kick is finished once its row has left the list.
  useEffect(() => {
    const present = new Set(rows.map((r) => rowKey(r.mac, r.device.id)));
    for (const [key, p] of pending) if (p.done && !present.has(key)) forget(key);
  }, [rows, pending, forget]);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all.values()) clearTimeout(t);
    };
  }, []);

  const start = useCallback(
    async (client: OnlineClient): Promise<string | null> => {
      const key = rowKey(client.mac, client.device.id);
      const name = clientDisplayName(client);
      try {
        const job = await kick.mutateAsync({ mac: client.mac, deviceId: client.device.id });
        const entry: PendingKick = { commandId: job.id, deviceId: client.device.id, name, done: false };
        setPending((old) => new Map(old).set(key, entry));
        timers.current.set(
          key,
          setTimeout(async () => {
            try {
              const latest = await fetchCommandJob(projectId, job.id);
              // Done: the row has gone (or goes with the next snapshot); nothing to report.
              if (latest.status === 'done') return forget(key);
              fail(
                key,
                entry,
                latest.code ? errorMessage(latest.code) : 'the device did not confirm in time.',
              );
            } catch {
              forget(key);
            }
          }, CHECK_AFTER_MS),
        );
        return null;
      } catch (error) {
        return error instanceof ApiError ? error.message : 'The request failed.';
      }
    },
    [kick, projectId, fail, forget],
  );

  /** Force one client offline; a refusal (e.g. 36 device offline) is shown at once. */
  const kickOne = useCallback(
    async (client: OnlineClient) => {
      const refused = await start(client);
      if (refused) message.error(refused);
      else message.info(`Disconnecting ${clientDisplayName(client)}…`);
    },
    [start, message],
  );

  /** Force several clients offline; answers how many commands went out and which were refused. */
  const kickMany = useCallback(
    async (clients: readonly OnlineClient[]): Promise<KickResult> => {
      const results = await Promise.all(clients.map(async (c) => ({ client: c, message: await start(c) })));
      return {
        sent: results.filter((r) => r.message === null).length,
        refused: results.flatMap((r) =>
          r.message === null ? [] : [{ client: r.client, message: r.message }],
        ),
      };
    },
    [start],
  );

  const pendingOf = useCallback(
    (c: OnlineClient) => pending.get(rowKey(c.mac, c.device.id)) ?? null,
    [pending],
  );

  return { kickOne, kickMany, pendingOf, pendingCount: pending.size };
}

import { type CommandJob, ERR, errorMessage, POE_REBOOT_STAGES, type PoeRebootStage } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useLiveEvents } from '../../api/live';
import { fetchCommandJob } from '../commands';
import { switchViewKey, usePoeReboot } from './api';

/** One port's PoE reboot as the table shows it. */
export interface PoeRebootState {
  commandId: string;
  stage: PoeRebootStage;
  done: boolean;
}

/** Ask for the job now and then in case an event was missed (a real PoE reboot takes ~2 min). */
const POLL_MS = 5_000;
/** How long "Rebooted" stays on the row after the device confirmed. */
const SHOW_DONE_MS = 8_000;

function toStage(stage: string | null | undefined): PoeRebootStage | null {
  return POE_REBOOT_STAGES.find((s) => s === stage) ?? null;
}

/**
 * PoE reboot of single ports with their stages (reboot → rebooting → rebooted), followed live over
 * `command.updated` and by polling the command job. Refusals (36 offline, …) are shown at once.
 */
export function usePoeReboots(projectId: number, deviceId: number) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const reboot = usePoeReboot(projectId, deviceId);
  const [states, setStates] = useState<ReadonlyMap<number, PoeRebootState>>(new Map());
  const statesRef = useRef(states);
  statesRef.current = states;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  const clear = useCallback((port: number, commandId: string) => {
    setStates((old) => {
      if (old.get(port)?.commandId !== commandId) return old;
      const next = new Map(old);
      next.delete(port);
      return next;
    });
  }, []);

  const update = useCallback(
    (
      commandId: string,
      status: CommandJob['status'],
      stage: string | null | undefined,
      code?: number | null,
    ) => {
      const entry = [...statesRef.current].find(([, s]) => s.commandId === commandId);
      if (!entry) return;
      const [port, s] = entry;
      if (s.done) return;
      if (status === 'failed' || status === 'expired') {
        clear(port, commandId);
        const why =
          status === 'expired'
            ? 'the switch did not confirm in time.'
            : errorMessage(code ?? ERR.SERVER_ERROR);
        message.error(`PoE reboot of port ${port} failed: ${why}`);
        return;
      }
      const done = status === 'done';
      const next: PoeRebootState = {
        commandId,
        done,
        stage: done ? 'rebooted' : (toStage(stage) ?? s.stage),
      };
      setStates((old) => new Map(old).set(port, next));
      if (done) {
        message.success(`Port ${port} rebooted: PoE power is back on.`);
        void queryClient.invalidateQueries({ queryKey: switchViewKey(projectId, deviceId) });
        later(() => clear(port, commandId), SHOW_DONE_MS);
      }
    },
    [clear, later, message, queryClient, projectId, deviceId],
  );

  useLiveEvents(
    projectId,
    (e) => {
      if (e.type === 'command.updated' && e.deviceId === deviceId)
        update(e.commandId, e.status, e.stage, e.code);
    },
    ['command.updated'],
  );

  const running = [...states.values()].filter((s) => !s.done).map((s) => s.commandId);
  const runningKey = running.join(',');
  useEffect(() => {
    if (!runningKey) return;
    const t = setInterval(() => {
      for (const id of runningKey.split(',')) {
        fetchCommandJob(projectId, id)
          .then((job) => update(job.id, job.status, job.stage, job.code))
          .catch(() => undefined);
      }
    }, POLL_MS);
    return () => clearInterval(t);
  }, [runningKey, projectId, update]);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const t of all) clearTimeout(t);
    };
  }, []);

  /** Starts a PoE reboot of `port`; resolves once the server accepted or refused it. */
  const start = useCallback(
    async (port: number) => {
      try {
        const job = await reboot.mutateAsync(port);
        setStates((old) =>
          new Map(old).set(port, { commandId: job.id, done: false, stage: toStage(job.stage) ?? 'reboot' }),
        );
        message.info(`Port ${port}: PoE reboot sent. Powered devices restart in about 2 minutes.`);
      } catch (error) {
        if (error instanceof ApiError && error.shownGlobally) return;
        message.error(error instanceof ApiError ? error.message : 'The PoE reboot could not be sent.');
      }
    },
    [reboot, message],
  );

  return { states, start };
}

/**
 * The remote web management suites' rig (remote.test.ts, remoteSockets.test.ts): a console that
 * LISTENS (the devices open their tunnels to the address it was reached at) with a project of REAL
 * simulated devices (@netloom/sim over the embedded broker), and a skewable clock — an idle or
 * expired session is one whose clock moved on.
 */
import type { Fleet, VirtualDevice } from '@netloom/sim';
import { afterAll, beforeAll } from 'vitest';
import { useFakeDeviceProjects } from './configFakeDevice';
import { TEST_KEY } from './gatewayKit';
import { type DbKind, useTestApp } from './harness';
import { startSimulatedProject } from './simFleetKit';

const START = { timeFactor: 60, timeoutMs: 30_000 };

export function useRemoteFleet(
  kind: DbKind,
  snPrefix: string,
  plan: { seed: number; devices: number; mix: 'office' },
) {
  const get = useTestApp(kind, { env: { PROVISIONING_KEY: TEST_KEY } });
  /** Added to the real time the server reads. */
  let skewMs = 0;
  beforeAll(() => {
    get().clock.now = () => Date.now() + skewMs;
  });
  const kit = useFakeDeviceProjects(get, snPrefix);
  const rig = { projectId: 0, host: '', fleet: undefined as Fleet | undefined };
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const t = get();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    rig.host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    rig.projectId = await kit.newProject();
    const started = await startSimulatedProject(t, kit.owner, rig.projectId, plan, START);
    rig.fleet = started.fleet;
    for (const [sn, id] of started.ids) ids.set(sn, id);
  }, 60_000);

  afterAll(async () => {
    await rig.fleet?.stop();
  });

  const fleet = (): Fleet => {
    if (!rig.fleet) throw new Error('the simulated fleet has not started');
    return rig.fleet;
  };
  return {
    get,
    kit,
    fleet,
    projectId: () => rig.projectId,
    host: () => rig.host,
    /** Moves the server's clock this far ahead of real time (0: back to real time). */
    skew: (ms: number) => {
      skewMs = ms;
    },
    aps: (): VirtualDevice[] => fleet().devices.filter((d) => d.model.kind === 'ap'),
    idOf: (d: VirtualDevice): number => ids.get(d.sn) as number,
  };
}

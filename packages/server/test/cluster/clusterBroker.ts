/**
 * The Mosquitto of the two-node test: dynamic security, killed and restarted on the same port and
 * file (as chaosKit's), and able to take a fleet's broker clients straight into its dynamic-security
 * file while stopped — what the nodes' claims would have created one by one over the fleet's life.
 * Creating 5,000 clients through the plugin's API costs minutes: Mosquitto rewrites the whole file
 * after every change (docs/operations.md "Two nodes").
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { deriveDeviceSecret } from '@netloom/protocol';
import { DEVICE_ROLE, deviceAcls, provisioningKeyTag } from '../../src/gateway/dynsec';
import { DYNSEC_PLUGIN, freePort, MOSQUITTO, waitFor } from '../gatewayKit';

/** Mosquitto's dynamic-security password hashing: PBKDF2-SHA512, 101 iterations, 12-byte salt. */
const ITERATIONS = 101;

export interface ClusterBroker {
  url: string;
  adminUrl: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  /** Writes broker clients (and their roles) for `sns` into the file; the broker must be stopped. */
  seedDevices(sns: readonly string[], provisioningKey: string): void;
  dispose(): Promise<void>;
}

async function listening(port: number): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(undefined));
  });
}

interface DynsecFile {
  clients: Record<string, unknown>[];
  roles: { rolename: string; textdescription?: string; acls?: unknown[] }[];
}

export async function clusterBroker(): Promise<ClusterBroker> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netloom-cluster-mosq-'));
  // Mosquitto started as root drops to its own user: it must be able to write the dynsec file.
  fs.chmodSync(dir, 0o777);
  const dynsec = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'admin', 'admin-pass'], { stdio: 'ignore' });
  fs.chmodSync(dynsec, 0o666);
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `plugin ${DYNSEC_PLUGIN}`,
      `plugin_opt_config_file ${dynsec}`,
      'persistence false',
      'max_queued_messages 10000',
      '',
    ].join('\n'),
  );
  let proc: ChildProcess | null = null;
  const kill = async () => {
    const p = proc;
    proc = null;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const gone = new Promise((r) => p.once('exit', r));
    p.kill('SIGKILL');
    await gone;
  };
  return {
    url: `mqtt://127.0.0.1:${port}`,
    adminUrl: `mqtt://admin:admin-pass@127.0.0.1:${port}`,
    async start() {
      if (proc) throw new Error('mosquitto is already running');
      proc = spawn(MOSQUITTO, ['-c', conf], { stdio: 'ignore' });
      await waitFor(() => listening(port), { timeoutMs: 5000, what: 'mosquitto to listen' });
    },
    kill,
    seedDevices(sns, provisioningKey) {
      if (proc) throw new Error('stop the broker before writing its file');
      const file = JSON.parse(fs.readFileSync(dynsec, 'utf8')) as DynsecFile;
      const shared = file.roles.find((r) => r.rolename === DEVICE_ROLE);
      if (!shared) throw new Error(`no ${DEVICE_ROLE} role yet: start a node on this broker first`);
      // The nodes' start-up provisioning then finds every client made with this very key.
      shared.textdescription = provisioningKeyTag(provisioningKey);
      for (const sn of sns) {
        const salt = randomBytes(12);
        const password = pbkdf2Sync(deriveDeviceSecret(provisioningKey, sn), salt, ITERATIONS, 64, 'sha512');
        file.roles.push({
          rolename: `${DEVICE_ROLE}-${sn}`,
          acls: deviceAcls(sn),
        });
        file.clients.push({
          username: sn,
          clientid: sn,
          password: password.toString('base64'),
          salt: salt.toString('base64'),
          iterations: ITERATIONS,
          roles: [{ rolename: DEVICE_ROLE }, { rolename: `${DEVICE_ROLE}-${sn}` }],
        });
      }
      fs.writeFileSync(dynsec, JSON.stringify(file));
    },
    async dispose() {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The Mosquitto of the two-node test: dynamic security, killed and restarted on the same port and
 * file (as chaosKit's), and able to take a fleet's broker clients straight into its dynamic-security
 * file while stopped — what the nodes' claims would have created one by one over the fleet's life.
 * Creating 5,000 clients through the plugin's API costs minutes: Mosquitto rewrites the whole file
 * after every change (docs/operations.md "Two nodes").
 */
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { deriveDeviceSecret } from '@netloom/protocol';
import { DEVICE_ROLE, deviceAcls, provisioningKeyTag } from '../../src/gateway/dynsec';
import { type RestartableMosquitto, restartableMosquitto } from '../chaosKit';

/** Mosquitto's dynamic-security password hashing: PBKDF2-SHA512, 101 iterations, 12-byte salt. */
const ITERATIONS = 101;

export interface ClusterBroker extends RestartableMosquitto {
  /** Writes broker clients (and their roles) for `sns` into the file; the broker must be stopped. */
  seedDevices(sns: readonly string[], provisioningKey: string): void;
}

interface DynsecFile {
  clients: Record<string, unknown>[];
  roles: { rolename: string; textdescription?: string; acls?: unknown[] }[];
}

/** chaosKit's restartable Mosquitto, plus writing a fleet's clients into its file. */
export async function clusterBroker(): Promise<ClusterBroker> {
  const broker = await restartableMosquitto();
  return {
    ...broker,
    seedDevices(sns, provisioningKey) {
      if (broker.running()) throw new Error('stop the broker before writing its file');
      const file = JSON.parse(fs.readFileSync(broker.dynsecFile, 'utf8')) as DynsecFile;
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
      fs.writeFileSync(broker.dynsecFile, JSON.stringify(file));
    },
  };
}

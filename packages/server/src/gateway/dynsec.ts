import { createHash, randomBytes } from 'node:crypto';
import { MOSQUITTO_ACL_PATTERNS } from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
const TIMEOUT_MS = 10_000;
/** Commands per control message when provisioning the whole fleet at start-up. */
const BATCH = 50;

export const DEVICE_ROLE = 'netloom-device';
export const SERVER_ROLE = 'netloom-server';

type Command = Record<string, unknown> & { command: string };
interface Response {
  command: string;
  error?: string;
  correlationData?: string;
  data?: {
    client?: { roles?: { rolename: string }[] };
    clients?: { username: string; textname?: string }[];
  };
}
/** How long to wait for the reconnect after the broker kicks us for a role change. */
const RECONNECT_WAIT_MS = 5000;

/** ACLs of a device, literal for one SN (Mosquitto 2.0's dynsec does not expand `%u`). */
function deviceAcls(sn: string) {
  return [
    { acltype: 'publishClientSend', topic: `netloom/v1/${sn}/up/#`, allow: true },
    { acltype: 'subscribePattern', topic: `netloom/v1/${sn}/down/#`, allow: true },
    { acltype: 'publishClientReceive', topic: `netloom/v1/${sn}/down/#`, allow: true },
  ];
}
const ALREADY = /already exists/i;

/**
 * A broker client's `textname`: a short hash of the secret it was provisioned with. Mosquitto 2.0's
 * plugin rewrites its whole JSON file after every changing command (O(clients) each), so provisioning
 * a fleet command by command is O(n²) — hours at 18,000 devices; a restart skips every client whose
 * tag shows it already holds the current secret (one `listClients` instead of n changes).
 */
export function secretTag(secret: string): string {
  return `netloom:${createHash('sha256').update(secret, 'utf8').digest('hex').slice(0, 16)}`;
}

/**
 * Mosquitto dynamic-security administration over the server's own connection: the broker, not
 * Netloom, then enforces device credentials and the ACL. Each device gets a client (username =
 * client id = SN, password = derived secret) with the shared role `netloom-device` (`%u` ACLs, for
 * brokers that expand them) and its own role `netloom-device-{sn}` with the same ACLs spelled out
 * (Mosquitto 2.0 does not expand `%u` in dynsec ACLs).
 */
export class DynsecAdmin {
  private readonly waiting = new Map<string, (r: Response[]) => void>();
  private subscribed = false;

  constructor(
    private readonly client: MqttClient,
    private readonly logger: Logger,
  ) {}

  /** Routes dynsec responses (call from the client's message handler). Returns true if it was one. */
  handleMessage(topic: string, payload: Buffer): boolean {
    if (topic !== RESPONSE_TOPIC) return false;
    try {
      const { responses } = JSON.parse(payload.toString('utf8')) as { responses?: Response[] };
      const corr = responses?.[0]?.correlationData;
      const resolve = corr ? this.waiting.get(corr) : undefined;
      if (resolve && responses) {
        this.waiting.delete(corr as string);
        resolve(responses);
      }
    } catch {
      // Not ours to crash on.
    }
    return true;
  }

  /** Sends commands in one control message and returns their responses (same order). */
  async send(commands: Command[]): Promise<Response[]> {
    if (!this.subscribed) {
      await this.client.subscribeAsync(RESPONSE_TOPIC, { qos: 1 });
      this.subscribed = true;
    }
    const corr = randomBytes(8).toString('hex');
    // Every command carries the id: the plugin echoes each command's own correlationData.
    const tagged = commands.map((c) => ({ ...c, correlationData: corr }));
    const answer = new Promise<Response[]>((resolve, reject) => {
      const t = setTimeout(() => {
        this.waiting.delete(corr);
        reject(new Error('no answer from the Mosquitto dynamic-security plugin (is it loaded?)'));
      }, TIMEOUT_MS);
      this.waiting.set(corr, (r) => {
        clearTimeout(t);
        resolve(r);
      });
    });
    await this.client.publishAsync(CONTROL_TOPIC, JSON.stringify({ commands: tagged }), { qos: 1 });
    return answer;
  }

  /** Creates the shared roles and gives the server's own user the server role. */
  async ensureRoles(serverUsername: string): Promise<void> {
    const [device, server] = await this.send([
      {
        command: 'createRole',
        rolename: DEVICE_ROLE,
        acls: MOSQUITTO_ACL_PATTERNS.map((line) => {
          const [, kind, topic] = line.split(' ');
          return { acltype: kind === 'write' ? 'publishClientSend' : 'subscribePattern', topic, allow: true };
        }),
      },
      {
        command: 'createRole',
        rolename: SERVER_ROLE,
        acls: [
          { acltype: 'publishClientSend', topic: 'netloom/#', allow: true },
          { acltype: 'publishClientReceive', topic: 'netloom/#', allow: true },
          { acltype: 'subscribePattern', topic: 'netloom/#', allow: true },
        ],
      },
    ]);
    for (const r of [device, server]) {
      if (r?.error && !ALREADY.test(r.error)) throw new Error(`dynsec ${r.command}: ${r.error}`);
    }
    const [info] = await this.send([{ command: 'getClient', username: serverUsername }]);
    const roles = info?.data?.client?.roles ?? [];
    if (roles.some((r) => r.rolename === SERVER_ROLE)) return;
    // Changing a client's roles makes the plugin disconnect that client so the new ACLs apply —
    // here that is us: send the change without waiting for an answer, then wait for the reconnect
    // (mqtt.js reconnects and resubscribes by itself). Once per broker, on the first start.
    const reconnected = new Promise<void>((resolve) => {
      const t = setTimeout(resolve, RECONNECT_WAIT_MS);
      this.client.once('connect', () => {
        clearTimeout(t);
        resolve();
      });
    });
    await this.client.publishAsync(
      CONTROL_TOPIC,
      JSON.stringify({
        commands: [{ command: 'addClientRole', username: serverUsername, rolename: SERVER_ROLE }],
      }),
      { qos: 1 },
    );
    this.logger.info({ username: serverUsername, role: SERVER_ROLE }, 'gave the server user its broker role');
    await reconnected;
  }

  /** Creates (or refreshes) the broker clients of devices; `secretOf` derives each password. */
  async provision(all: string[], secretOf: (sn: string) => string): Promise<void> {
    const tags = all.length > 1 ? await this.provisionedTags() : new Map<string, string>();
    const sns = all.filter((sn) => tags.get(sn) !== secretTag(secretOf(sn)));
    for (let i = 0; i < sns.length; i += BATCH) {
      const batch = sns.slice(i, i + BATCH);
      const created = await this.send(
        batch.flatMap((sn) => [
          { command: 'createRole', rolename: `${DEVICE_ROLE}-${sn}`, acls: deviceAcls(sn) },
          {
            command: 'createClient',
            username: sn,
            clientid: sn,
            password: secretOf(sn),
            textname: secretTag(secretOf(sn)),
            roles: [{ rolename: DEVICE_ROLE }, { rolename: `${DEVICE_ROLE}-${sn}` }],
          },
        ]),
      );
      // Existing clients (a changed provisioning key, or provisioned before tags): password, client
      // id, roles and tag in one command (one rewrite of the plugin's file).
      const existing = batch.filter((_sn, j) => ALREADY.test(created[j * 2 + 1]?.error ?? ''));
      const failed = created.filter((r) => r.error && !ALREADY.test(r.error));
      if (failed.length > 0) this.logger.error({ errors: failed.slice(0, 5) }, 'dynsec provisioning errors');
      if (existing.length === 0) continue;
      const refreshed = await this.send(
        existing.map((sn) => ({
          command: 'modifyClient',
          username: sn,
          clientid: sn,
          password: secretOf(sn),
          textname: secretTag(secretOf(sn)),
          roles: [{ rolename: DEVICE_ROLE }, { rolename: `${DEVICE_ROLE}-${sn}` }],
        })),
      );
      const bad = refreshed.filter((r) => r.error && !ALREADY.test(r.error));
      if (bad.length > 0) this.logger.error({ errors: bad.slice(0, 5) }, 'dynsec refresh errors');
    }
  }

  /** username → textname of every client the plugin holds (one command, no change to its file). */
  private async provisionedTags(): Promise<Map<string, string>> {
    const [r] = await this.send([{ command: 'listClients', verbose: true, count: -1, offset: 0 }]);
    if (r?.error) throw new Error(`dynsec listClients: ${r.error}`);
    const tags = new Map<string, string>();
    for (const c of r?.data?.clients ?? []) if (c.textname) tags.set(c.username, c.textname);
    return tags;
  }

  /** Deletes a device's broker client and role (it can no longer connect). */
  async deprovision(sn: string): Promise<void> {
    await this.send([
      { command: 'deleteClient', username: sn },
      { command: 'deleteRole', rolename: `${DEVICE_ROLE}-${sn}` },
    ]);
  }
}

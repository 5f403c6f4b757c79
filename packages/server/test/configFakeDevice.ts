import {
  type Body,
  type CommandMessage,
  type ConfigMessage,
  deviceDownFilter,
  downTopic,
} from '@netloom/protocol';
import type { MqttClient } from 'mqtt';
import { beforeAll } from 'vitest';
import type { TestClient } from './client';
import { buildProject, signedInUser } from './factories';
import {
  claimDevice,
  connectDevice,
  devicePublish,
  fullState,
  mqttTcpUrl,
  uniqueSn,
  waitFor,
} from './gatewayKit';
import type { TestApp } from './harness';

/** Hardware a fake device claims to be. */
export interface FakeIdentity {
  model: string;
  type: string;
  firmwareVersion: string;
  /** Extra fields of every full `state` (managementMode, meshRole, ports…). */
  state?: Record<string, unknown>;
}

export const GATEWAY: FakeIdentity = { model: 'NL-G300', type: 'v7', firmwareVersion: 'V1.1.4' };
/** A switch without PoE. */
export const PLAIN_SWITCH: FakeIdentity = { model: 'NL-S108', type: 'switch', firmwareVersion: 'V1.0.9' };
/** A dual-band ceiling AP (2.4 GHz n, 5 GHz ac). */
export const DUAL_BAND_AP: FakeIdentity = { model: 'NL-A1200C', type: 'ap', firmwareVersion: 'V1.1.2' };
/** A tri-band AP (2.4/5/6 GHz ax). */
export const TRI_BAND_AP: FakeIdentity = { model: 'NL-A5400T', type: 'ap', firmwareVersion: 'V1.0.6' };
/** A CPE bridge. */
export const CPE_BRIDGE: FakeIdentity = { model: 'NL-C5', type: 'cpe', firmwareVersion: 'V1.1.0' };
export const POE_SWITCH: FakeIdentity = {
  model: 'NL-S108P',
  type: 'switch',
  firmwareVersion: 'V1.1.0',
  state: {
    ports: [
      { id: 1, link: 'up', speed: 1000, duplex: 'full', poe: { on: true, watts: 6.5 } },
      { id: 2, link: 'up', speed: 1000, duplex: 'full', poe: { on: true, watts: 4 } },
      { id: 3, link: 'down', speed: 0, duplex: 'full', poe: { on: false, watts: 0 } },
    ],
  },
};

type ConfigResultBody = Body<'configResult'>;

/**
 * A minimal device that speaks docs/protocol.md §7.1 like firmware: keeps an applied version,
 * answers every `config` with `configResult` (the same answer again for a repeated version, nothing
 * for an older one), reports the new `configVersion` in `state`, and answers commands it is told to.
 */
export class FakeDevice {
  applied: number;
  /** Set to refuse the next versions with this code. */
  refuse: { code: number; message: string } | null = null;
  /** Set to receive configs without answering (a device that lost them). */
  silent = false;
  /** Answers per command name (absent: the command is left unanswered). */
  readonly replies = new Map<string, (cmd: CommandMessage) => Body<'reply'>>();
  readonly configs: ConfigMessage[] = [];
  readonly commands: CommandMessage[] = [];
  readonly results = new Map<number, ConfigResultBody>();
  client: MqttClient | null = null;

  constructor(
    readonly url: string,
    readonly sn: string,
    readonly identity: FakeIdentity,
    applied = 0,
  ) {
    this.applied = applied;
  }

  /** CONNECT, SUBSCRIBE (retained config arrives), hello, full state. */
  async boot(): Promise<this> {
    const c = await connectDevice(this.url, this.sn);
    this.client = c;
    c.on('message', (topic, payload) => {
      // A zero-length config is the cloud clearing the retained one (the device was deleted,
      // docs/protocol.md §7.1): a device ignores it.
      if (payload.byteLength === 0) return;
      const msg: unknown = JSON.parse(payload.toString('utf8'));
      // A publish in flight when the test closes the connection fails: that is the point of closing.
      const ignoreClosed = () => {};
      if (topic === downTopic(this.sn, 'config')) this.handleConfig(msg as ConfigMessage).catch(ignoreClosed);
      if (topic === downTopic(this.sn, 'command'))
        this.handleCommand(msg as CommandMessage).catch(ignoreClosed);
    });
    await c.subscribeAsync(deviceDownFilter(this.sn), { qos: 1 });
    await devicePublish(c, this.sn, 'hello', {
      model: this.identity.model,
      type: this.identity.type as Body<'hello'>['type'],
      firmwareVersion: this.identity.firmwareVersion,
      hardwareVersion: 'V1.0',
      mac: '3C:52:A1:00:12:7F',
      capabilities: ['reboot'],
      configVersion: this.applied,
      bootId: `boot-${this.sn}`,
    });
    await this.publishState();
    return this;
  }

  async publishState(): Promise<void> {
    if (!this.client) return;
    await devicePublish(
      this.client,
      this.sn,
      'state',
      fullState({ configVersion: this.applied, ...(this.identity.state ?? {}) }),
    );
  }

  async close(): Promise<void> {
    await this.client?.endAsync(true);
    this.client = null;
  }

  /** Waits until the device received a config of at least `version`. */
  waitConfig(version: number): Promise<ConfigMessage> {
    return waitFor(() => this.configs.find((c) => c.version >= version), {
      what: `config v${version} at ${this.sn}`,
    });
  }

  private async handleConfig(msg: ConfigMessage): Promise<void> {
    this.configs.push(msg);
    const c = this.client;
    if (!c || this.silent || msg.version < this.applied) return;
    const earlier = this.results.get(msg.version);
    if (earlier) {
      await devicePublish(c, this.sn, 'configResult', earlier);
      return;
    }
    const result: ConfigResultBody = this.refuse
      ? { version: msg.version, ok: false, ...this.refuse }
      : { version: msg.version, ok: true };
    this.results.set(msg.version, result);
    if (result.ok) this.applied = msg.version;
    await devicePublish(c, this.sn, 'configResult', result);
    if (result.ok) await this.publishState();
  }

  private async handleCommand(cmd: CommandMessage): Promise<void> {
    this.commands.push(cmd);
    const answer = this.replies.get(cmd.name);
    if (answer && this.client) await devicePublish(this.client, this.sn, 'reply', answer(cmd));
  }
}

/**
 * The set-up every configuration suite shares: a signed-in owner (after `beforeAll`), projects, and
 * fake devices claimed into them that say hello over the app's embedded broker — each closed when
 * the suite ends. `addDevice` waits until the server holds the device's state and the engine has
 * handled its reports; `online: false` then disconnects it.
 */
export function useFakeDeviceProjects(get: () => TestApp, snPrefix: string) {
  let owner: TestClient | undefined;
  let url = '';
  const devices: FakeDevice[] = [];
  beforeAll(async () => {
    owner = (await signedInUser(get())).client;
    url = mqttTcpUrl(get().app);
    return async () => {
      for (const d of devices) await d.close();
    };
  });
  const signedIn = (): TestClient => {
    if (!owner) throw new Error('the suite has not signed in yet (use it inside a test)');
    return owner;
  };
  return {
    get owner(): TestClient {
      return signedIn();
    },
    async newProject(netMode: 0 | 1 = 0): Promise<number> {
      return (
        (await signedIn().post<{ id: number }>('/api/projects', buildProject({ netMode }))).body.data?.id ?? 0
      );
    },
    async addDevice(projectId: number, identity: FakeIdentity, online = true) {
      const t = get();
      const sn = uniqueSn(snPrefix);
      const id = await claimDevice(t, projectId, sn, identity.type);
      const dev = new FakeDevice(url, sn, identity);
      devices.push(dev);
      await dev.boot();
      await waitFor(() => (t.app.features.devices.get(sn)?.stateText ? true : undefined), { what: 'state' });
      await t.app.features.config.engine.drain();
      if (!online) {
        await dev.close();
        await waitFor(() => (t.app.devicePlane.gateway.isConnected(sn) ? undefined : true), {
          what: 'offline',
        });
      }
      return { id, sn, dev };
    },
  };
}

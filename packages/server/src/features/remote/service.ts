/**
 * Remote web management (issue 13 §3): opening a session (the rule of domain `remoteRefusal`, the
 * one-session-per-device and per-account caps, the `remoteWeb` command, the wait for the device's
 * tunnel), ending one (by its owner, idle or past its end, at sign-out, when the device closes its
 * tunnel), and the change-log rows of both. The proxied pages are `proxy.ts`, the tunnel `tunnel.ts`.
 */
import {
  type AuditAction,
  ERR,
  type ErrorCode,
  REMOTE_IDLE_SECONDS,
  REMOTE_LAUNCH_PARAM,
  REMOTE_SESSIONS_PER_ACCOUNT,
  type RemoteSession,
  remoteRefusal,
  remoteSessionPath,
} from '@netloom/domain';
import type { RemoteWebArgs } from '@netloom/protocol';
import type { Logger } from 'pino';
import type { DeviceRegistry } from '../../gateway/registry';
import type { DeviceGateway } from '../../gateway/types';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { CommandService } from '../commands';
import type { Devices } from '../devices';
import { type PeerEnd, RemoteRelay } from './relay';
import { type EndReason, type RemoteSessionRecord, RemoteSessions } from './sessions';

/** The device's tunnel endpoint; the session id follows. */
export const TUNNEL_PATH = '/api/remote/tunnel/';
/** How often sessions are checked for their idle time and end. */
const SWEEP_MS = 15_000;

const END_WORDS: Record<EndReason, string> = {
  idle: `no activity for ${REMOTE_IDLE_SECONDS / 60} minutes`,
  expired: 'its time was up',
  signedOut: 'signed out',
  closed: 'closed by the user',
  replaced: 'a new session was opened',
  tunnelClosed: 'the device closed its tunnel',
  failed: 'it could not be opened',
};

export interface RemoteDeps {
  devices: Pick<Devices, 'snapshotsOf'>;
  registry: Pick<DeviceRegistry, 'getById'>;
  gateway: Pick<DeviceGateway, 'isConnected' | 'peers'>;
  commands: Pick<CommandService, 'request'>;
  activity: Pick<ActivityLog, 'record'>;
  clock: Clock;
  logger: Logger;
  /** How long the device has to answer `remoteWeb` and open its tunnel (config REMOTE_OPEN_TIMEOUT_MS). */
  openTimeoutMs: number;
  /**
   * This node's own address for devices (config REMOTE_TUNNEL_URL, `ws(s)://…` without a trailing
   * slash): the tunnel must reach the node holding the session. Empty = the address the user reached.
   */
  tunnelUrl: string;
}

export class RemoteService {
  readonly sessions: RemoteSessions;
  /** The other nodes (several on one external broker); null when this node is alone. */
  readonly relay: RemoteRelay | null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: RemoteDeps) {
    this.sessions = new RemoteSessions(
      (s, reason) => this.ended(s, reason),
      () => deps.clock.now(),
    );
    const peers = deps.gateway.peers();
    this.relay = peers
      ? new RemoteRelay(
          peers,
          (id) => this.sessions.get(id) !== undefined || this.sessions.endedOwner(id) !== undefined,
          (end) => this.endedElsewhere(end),
        )
      : null;
  }

  start(): void {
    this.timer = setInterval(() => this.sweep(), SWEEP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.sessions.all()) this.sessions.end(s, 'closed');
  }

  /** Ends every session past its idle time or its end (the timer; tests call it). */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const s of this.sessions.all()) {
      const stale = this.sessions.isStale(s, now);
      if (stale) this.sessions.end(s, stale);
    }
  }

  /** A sign-out ends the sessions that sign-in opened, on every node. */
  signedOut(authSessionId: number): void {
    this.signedOutHere(authSessionId);
    this.relay?.end({ kind: 'signedOut', authSessionId });
  }

  private signedOutHere(authSessionId: number): void {
    for (const s of this.sessions.all())
      if (s.authSessionId === authSessionId) this.sessions.end(s, 'signedOut');
  }

  /** Another node was asked to end a session: this node ends it if it holds it. */
  private endedElsewhere(end: PeerEnd): void {
    if (end.kind === 'signedOut') {
      this.signedOutHere(end.authSessionId);
      return;
    }
    const s = this.sessions.get(end.sessionId);
    if (s && s.accountId === end.accountId && s.projectId === end.projectId) this.sessions.end(s, 'closed');
  }

  /**
   * Opens a session on a device: its launch link, or an AppError — 901, the rule's code (326, 76,
   * 912, 71, 917, 322), 323 another account's session on it, 495 too many of the caller's own,
   * 326/320 the device refused, 321 no answer in time, 324 no tunnel in time.
   */
  async open(
    access: ProjectAccess,
    authSessionId: number,
    deviceId: number,
    origin: string,
  ): Promise<RemoteSession> {
    const { devices, registry, gateway, commands, clock, activity } = this.deps;
    const [device] = await devices.snapshotsOf([deviceId]);
    const entry = registry.getById(deviceId);
    if (!device || device.projectId !== access.projectId || !entry || entry.projectId !== access.projectId)
      throw new AppError(ERR.DEVICE_NOT_FOUND);
    const code = remoteRefusal(
      {
        type: device.type,
        model: device.modelName,
        status: entry.status,
        managementMode: device.managementMode,
        meshRole: device.meshRole,
      },
      { connected: gateway.isConnected(device.sn) },
    );
    if (code !== null) throw new AppError(code);

    // One session per device (its web server gets one tunnel): another account's is refused, the
    // caller's own older one is replaced. Then the caller's own cap.
    const onDevice = this.sessions.ofDevice(deviceId);
    if (onDevice.some((s) => s.accountId !== access.accountId)) throw new AppError(ERR.REMOTE_MGMT_BUSY);
    const mine = this.sessions.ofAccount(access.accountId).filter((s) => s.deviceId !== deviceId);
    if (mine.length >= REMOTE_SESSIONS_PER_ACCOUNT) throw new AppError(ERR.REMOTE_MGMT_TOO_MANY);
    for (const s of onDevice) this.sessions.end(s, 'replaced');

    const now = clock.now();
    const { session, tunnelToken, browserToken } = this.sessions.create({
      projectId: access.projectId,
      deviceId,
      sn: device.sn,
      deviceName: device.name,
      accountId: access.accountId,
      authSessionId,
      now,
      openTimeoutMs: this.deps.openTimeoutMs,
    });
    const args: RemoteWebArgs = {
      url: `${this.deps.tunnelUrl || origin.replace(/^http/, 'ws')}${TUNNEL_PATH}${session.id}`,
      token: tunnelToken,
      openBefore: session.openBefore,
    };
    try {
      const replied = commands.request(
        { deviceId, projectId: access.projectId, accountId: access.accountId, name: 'remoteWeb', args },
        this.deps.openTimeoutMs,
        ERR.REMOTE_MGMT_TIMEOUT,
      );
      // The device says yes only once its tunnel is open, so the tunnel on this node is its yes too:
      // with several nodes on one broker its reply may be handled by another node.
      replied.catch(() => {});
      await Promise.race([replied, session.attached]);
      // A yes without the tunnel: wait for it the rest of the time all the same.
      await this.attachedBy(session, session.openBefore);
    } catch (err) {
      this.sessions.end(session, 'failed');
      throw new AppError(openFailure(err));
    }
    await activity.record({
      projectId: access.projectId,
      accountId: access.accountId,
      device: { deviceId, name: device.name },
      action: 'remote.open' satisfies AuditAction,
      summary: `Remote management opened (ends after ${REMOTE_IDLE_SECONDS / 60} minutes without use)`,
      at: clock.now(),
    });
    return {
      sessionId: session.id,
      deviceId,
      url: `${remoteSessionPath(session.id)}?${REMOTE_LAUNCH_PARAM}=${browserToken}`,
      expiresAt: session.expiresAt,
      idleSeconds: REMOTE_IDLE_SECONDS,
    };
  }

  /**
   * Ends one of the caller's sessions: whether it was open (496 when it is not the caller's). A
   * session of another node is ended there (`ended` is then false: this node cannot tell).
   */
  close(access: ProjectAccess, sessionId: string): { ended: boolean } {
    const s = this.sessions.get(sessionId);
    if (!s) {
      this.relay?.end({
        kind: 'closed',
        sessionId,
        accountId: access.accountId,
        projectId: access.projectId,
      });
      return { ended: false };
    }
    if (s.accountId !== access.accountId || s.projectId !== access.projectId)
      throw new AppError(ERR.REMOTE_MGMT_SESSION_INVALID, 404);
    this.sessions.end(s, 'closed');
    return { ended: true };
  }

  private attachedBy(s: RemoteSessionRecord, deadline: number): Promise<void> {
    if (s.socket) return Promise.resolve();
    const wait = Math.max(0, deadline - this.deps.clock.now());
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new AppError(ERR.REMOTE_MGMT_TUNNEL_FAILED)), wait);
      void s.attached.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private ended(s: RemoteSessionRecord, reason: EndReason): void {
    if (reason === 'failed') return; // never opened: nothing was logged as open
    this.deps.activity
      .record({
        projectId: s.projectId,
        accountId: s.accountId,
        device: { deviceId: s.deviceId, name: s.deviceName },
        action: 'remote.close' satisfies AuditAction,
        summary: `Remote management ended: ${END_WORDS[reason]}`,
        at: this.deps.clock.now(),
      })
      .catch((err: unknown) => this.deps.logger.error({ err, session: s.id }, 'remote close not logged'));
  }
}

/** The code an open ends with: the device's "unsupported" is 326, its other refusals 320. */
function openFailure(err: unknown): ErrorCode {
  if (!(err instanceof AppError)) return ERR.REMOTE_MGMT_FAILED;
  if (err.code === ERR.REMOTE_MGMT_TIMEOUT || err.code === ERR.REMOTE_MGMT_TUNNEL_FAILED) return err.code;
  if (err.code === ERR.DEVICE_OPERATION_UNSUPPORTED) return ERR.REMOTE_MGMT_UNSUPPORTED;
  return ERR.REMOTE_MGMT_FAILED;
}

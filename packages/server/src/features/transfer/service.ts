import {
  ERR,
  emailSchema,
  maskEmail,
  maskMobile,
  type TransferCodeResponse,
  type TransferResult,
  type transferRequestSchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { AccountRow } from '../../db/schema';
import type { ActivityLog } from '../../lib/activity';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { LiveBus } from '../../live/bus';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { Accounts } from '../account';
import type { Devices } from '../devices';
import type { Projects } from '../projects';
import { type CodeDestination, codeTarget, type VerificationCodes } from '../verification';

type TransferInput = z.output<typeof transferRequestSchema>;

const PURPOSE = 'transfer';

export interface TransferLimits {
  /** Projects an account may own (PROJECT_LIMIT, 140's rule): the receiver's, after the transfer. */
  projectLimit: number;
  /** Devices across the projects an account owns (ACCOUNT_DEVICE_LIMIT, 1162's rule). */
  accountDeviceLimit: number;
}

export interface TransferServiceDeps {
  accounts: Pick<Accounts, 'findById' | 'findByKey' | 'findByCloudCode'>;
  projects: Pick<Projects, 'countOwned' | 'ownedIds' | 'transferOwnership' | 'settingsOf'>;
  devices: Pick<Devices, 'countsByProject'>;
  codes: VerificationCodes;
  activity: ActivityLog;
  bus: Pick<LiveBus, 'publish'>;
  clock: Clock;
  limits: TransferLimits;
}

/** Where an account's own codes go: its e-mail when it has one, else its mobile. */
function destinationOf(a: AccountRow): CodeDestination {
  if (a.email) return { channel: 'email', email: a.email };
  if (a.country_code && a.mobile) return { channel: 'sms', countryCode: a.country_code, mobile: a.mobile };
  // A system account (the demo's) has neither and owns only demo projects, which the guard refuses.
  throw new AppError(ERR.CODE_SEND_FAILED);
}

/**
 * Transfer of ownership (issue 14 §2). Only the owner reaches it (the route's `own` right); the
 * code proves the owner is present; the receiver's limits are checked; then the projects feature
 * moves the project in one transaction, the project log records it and every open console of the
 * project hears `project.changed`.
 */
export class TransferService {
  constructor(private readonly deps: TransferServiceDeps) {}

  async sendCode(access: ProjectAccess): Promise<TransferCodeResponse> {
    const owner = await this.owner(access.accountId);
    const dest = destinationOf(owner);
    const sent = await this.deps.codes.send(dest, PURPOSE);
    return {
      ...sent,
      channel: dest.channel,
      destination:
        dest.channel === 'email' ? maskEmail(dest.email) : maskMobile(dest.countryCode, dest.mobile),
    };
  }

  async transfer(access: ProjectAccess, input: TransferInput): Promise<TransferResult> {
    const owner = await this.owner(access.accountId);
    const receiver = await this.receiverOf(input.receiver);
    if (!receiver) throw new AppError(ERR.ACCOUNT_NOT_EXIST, 404);
    // The code is checked (and spent) before any rule about the receiver is told, so a caller
    // without it learns nothing but "wrong code".
    await this.deps.codes.verify(codeTarget(destinationOf(owner)), PURPOSE, input.code);
    if (receiver.id === owner.id) throw new AppError(ERR.TRANSFER_TO_OWNER, 409);
    if (receiver.disabled_at !== null) throw new AppError(ERR.ACCOUNT_DISABLED, 409);
    await this.checkReceiverLimits(receiver.id, access.projectId);

    const moved = await this.deps.projects.transferOwnership(
      access.projectId,
      owner.id,
      receiver.id,
      input.keepManage,
    );
    if (!moved) throw new AppError(ERR.NO_PERMISSION);
    const name = (await this.deps.projects.settingsOf([access.projectId])).get(access.projectId)?.name ?? '';
    await this.deps.activity.record({
      projectId: access.projectId,
      accountId: owner.id,
      device: null,
      action: 'project.transfer',
      summary: `Project "${name}" transferred from ${owner.nick} to ${receiver.nick}${
        input.keepManage ? `; ${owner.nick} keeps a manage share` : ''
      }`,
      at: this.deps.clock.now(),
    });
    this.deps.bus.publish({ type: 'project.changed', projectId: access.projectId, reason: 'transferred' });
    // The receiver's open consoles (following none of this project yet) list it at once.
    this.deps.bus.publish({
      type: 'account.projects',
      projectId: access.projectId,
      accountId: receiver.id,
      reason: 'transferred',
    });
    return {
      projectId: access.projectId,
      ownerNick: receiver.nick,
      previousOwnerRight: input.keepManage ? 'rw' : null,
    };
  }

  /** 2101 when the receiver would own more projects than allowed, 2102 more devices. */
  private async checkReceiverLimits(receiverId: number, projectId: number): Promise<void> {
    const { projects, devices, limits } = this.deps;
    if ((await projects.countOwned(receiverId)) + 1 > limits.projectLimit)
      throw new AppError(ERR.TRANSFER_RECEIVER_PROJECT_LIMIT, 409);
    const owned = await projects.ownedIds(receiverId);
    const counts = await devices.countsByProject([...owned, projectId]);
    let total = 0;
    for (const id of owned) total += counts.get(id)?.devices ?? 0;
    if (total + (counts.get(projectId)?.devices ?? 0) > limits.accountDeviceLimit)
      throw new AppError(ERR.TRANSFER_RECEIVER_DEVICE_LIMIT, 409);
  }

  /** The receiver named by e-mail or cloud code. */
  private async receiverOf(text: string): Promise<AccountRow | undefined> {
    const email = emailSchema.safeParse(text);
    if (email.success) return this.deps.accounts.findByKey({ email: email.data });
    return this.deps.accounts.findByCloudCode(text.trim());
  }

  private async owner(accountId: number): Promise<AccountRow> {
    const row = await this.deps.accounts.findById(accountId);
    if (!row) throw new AppError(ERR.NOT_SIGNED_IN);
    return row;
  }
}

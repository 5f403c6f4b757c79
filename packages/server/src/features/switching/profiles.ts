/**
 * Port profiles (issue 10 §4): applying a profile to ports of one or several switches, detaching
 * them, and deleting a profile. The profiles themselves are the `portProfiles` settings document
 * (saved through the engine like every kind); a port follows one by naming it in its switch's
 * `switching` document. Every switch of an apply is checked with the same rules as a port save
 * before any is saved, then each switch's document is saved through the engine, so devices get
 * their ports over MQTT like any port change.
 */
import {
  type ApplyProfileRequest,
  type ApplyProfileResult,
  type CodedIssue,
  type DeleteProfileResult,
  defaultSwitchSettings,
  ERR,
  type PortProfile,
  type PortProfilesSettings,
  type PortSettings,
  type ProjectDocuments,
  poeSkipped,
  profileUsage,
  projectVlanIds,
  resolveProfiles,
  type SwitchSettings,
  savedNetwork,
  savedPortProfiles,
  savedSwitching,
  switchingKind,
  withoutProfile,
} from '@netloom/domain';
import { AppError, invalidField } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import { type ConfigApi, type DeviceFacts, refuseIssues } from '../config';

/** One switch of an apply, checked and ready to save. */
interface PlannedSwitch {
  device: DeviceFacts;
  baseVersion: number;
  settings: SwitchSettings;
  ports: number[];
  poeSkipped: number[];
}

export class PortProfiles {
  constructor(private readonly config: ConfigApi) {}

  /** Applies a profile (or detaches: null) to the ports of each target switch. */
  async apply(access: ProjectAccess, req: ApplyProfileRequest): Promise<ApplyProfileResult> {
    const devices = await this.config.devices(access.projectId);
    const docs = await this.config.documents(access.projectId);
    const profile = req.profileId === null ? null : findProfile(docs, req.profileId);
    const plans: PlannedSwitch[] = [];
    for (const target of req.targets) {
      const device = devices.find((d) => d.deviceId === target.deviceId);
      if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
      plans.push(await this.plan(access.projectId, device, target.ports, profile, docs));
    }
    // Every switch is checked before any is saved: one refused switch refuses the whole apply.
    const issues = plans.flatMap((p) => this.issuesOf(p, devices, docs));
    refuseIssues(issues);
    const switches: ApplyProfileResult['switches'] = [];
    for (const p of plans) {
      const saved = await this.config.save(access, {
        kind: 'switching',
        deviceId: p.device.deviceId,
        baseVersion: p.baseVersion,
        settings: p.settings,
      });
      switches.push({
        deviceId: p.device.deviceId,
        name: p.device.name,
        ports: p.ports,
        version: saved.version,
        poeSkipped: p.poeSkipped,
        delivery: saved.delivery,
      });
    }
    return { switches };
  }

  /**
   * Deletes a profile: the ports following it are detached first (each keeps the settings it has
   * now, so its switch gets no change), then the profile goes. 414 when the page showed an older
   * version of the profiles.
   */
  async remove(access: ProjectAccess, profileId: string, baseVersion: number): Promise<DeleteProfileResult> {
    const docs = await this.config.documents(access.projectId);
    const profile = findProfile(docs, profileId);
    if ((await this.config.version(access.projectId, 'portProfiles', null)) !== baseVersion)
      throw new AppError(ERR.CONFIG_CONFLICT);
    const users = profileUsage(savedSwitching(docs)).get(profile.id) ?? [];
    const byDevice = new Map<number, number[]>();
    for (const u of users) byDevice.set(u.deviceId, [...(byDevice.get(u.deviceId) ?? []), u.portId]);
    const detached =
      byDevice.size === 0
        ? { switches: [] }
        : await this.apply(access, {
            profileId: null,
            targets: [...byDevice].map(([deviceId, ports]) => ({ deviceId, ports })),
          });
    const current = (docs.project.portProfiles as PortProfilesSettings | undefined) ?? { profiles: [] };
    const saved = await this.config.save(access, {
      kind: 'portProfiles',
      deviceId: null,
      baseVersion,
      settings: { profiles: current.profiles.filter((p) => p.id !== profile.id) },
    });
    return {
      version: saved.version,
      detached: detached.switches.map((s) => ({ deviceId: s.deviceId, name: s.name, ports: s.ports })),
    };
  }

  /** The switch's new document: the chosen ports follow the profile (or keep what they have now). */
  private async plan(
    projectId: number,
    device: DeviceFacts,
    ports: readonly number[],
    profile: PortProfile | null,
    docs: ProjectDocuments,
  ): Promise<PlannedSwitch> {
    const model = device.model;
    if (model?.kind !== 'switch') throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
    for (const id of ports) {
      const spec = model.ports.find((p) => p.id === id);
      if (!spec || spec.role === 'wan')
        throw invalidField('targets', `The ${model.model} "${device.name}" has no LAN port ${id}.`);
    }
    const projectVlans = projectVlanIds(savedNetwork(docs));
    const saved = savedSwitching(docs).get(device.deviceId) ?? defaultSwitchSettings(model);
    // What the ports run now, profiles resolved: a detached port keeps exactly that.
    const current = resolveProfiles(saved, savedPortProfiles(docs), model, projectVlans);
    const chosen = new Set(ports);
    const next = current.ports.map((port): PortSettings => {
      if (!chosen.has(port.id)) return saved.ports.find((p) => p.id === port.id) ?? port;
      return profile ? { ...port, profile: profile.id } : withoutProfile(port);
    });
    const settings = { ...saved, ports: next };
    return {
      device,
      baseVersion: await this.config.version(projectId, 'switching', device.deviceId),
      settings: profile ? resolveProfiles(settings, [profile], model, projectVlans) : settings,
      ports: [...chosen].sort((a, b) => a - b),
      poeSkipped: profile
        ? ports
            .filter((id) =>
              poeSkipped(
                profile,
                model.ports.find((p) => p.id === id),
              ),
            )
            .sort((a, b) => a - b)
        : [],
    };
  }

  /** The port rules of one planned switch, each message naming the switch. */
  private issuesOf(p: PlannedSwitch, devices: readonly DeviceFacts[], docs: ProjectDocuments): CodedIssue[] {
    const previous = savedSwitching(docs).get(p.device.deviceId) ?? null;
    return switchingKind.issues(p.settings, { devices, target: p.device, docs, previous }).map((i) => ({
      ...i,
      path: `targets.${p.device.deviceId}.${i.path}`,
      message: `${p.device.name}: ${i.message}`,
    }));
  }
}

function findProfile(docs: ProjectDocuments, id: string): PortProfile {
  const profile = savedPortProfiles(docs).find((p) => p.id === id);
  if (!profile) throw new AppError(ERR.NOT_EXIST);
  return profile;
}

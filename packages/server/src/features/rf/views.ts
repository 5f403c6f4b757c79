/**
 * The RF settings views: the project's `rf` settings (and whether a run is going, which refuses
 * saves with 27) and a Wi-Fi device's radios (the model's, what they run now).
 */
import {
  type DeviceRadioSettings,
  defaultRadioSettings,
  defaultRfSettings,
  ERR,
  type RadioConfigView,
  type RfConfigView,
  type RfSettings,
  radioKind,
} from '@netloom/domain';
import { AppError } from '../../lib/errors';
import type { ConfigApi } from '../config';
import type { RfService } from './service';

export interface RfViewDeps {
  config: ConfigApi;
  runs: Pick<RfService, 'isRunning'>;
}

export async function rfSettingsView(deps: RfViewDeps, projectId: number): Promise<RfConfigView> {
  const devices = await deps.config.devices(projectId);
  const { meta, saved } = await deps.config.view<RfSettings>(projectId, 'rf', 'reach', devices);
  return {
    ...meta,
    settings: saved ?? defaultRfSettings(),
    running: await deps.runs.isRunning(projectId),
  };
}

export async function radioView(
  deps: RfViewDeps,
  projectId: number,
  deviceId: number,
): Promise<RadioConfigView> {
  const devices = await deps.config.devices(projectId);
  const device = devices.find((d) => d.deviceId === deviceId);
  if (!device) throw new AppError(ERR.DEVICE_NOT_FOUND);
  const model = device.model;
  if (!model || model.radios.length === 0 || !radioKind.support.kinds.includes(model.kind))
    throw new AppError(ERR.DEVICE_OPERATION_UNSUPPORTED);
  const { meta, saved } = await deps.config.view<DeviceRadioSettings>(
    projectId,
    'radio',
    { deviceId },
    devices,
  );
  return {
    ...meta,
    settings: saved ?? defaultRadioSettings(model),
    device: {
      id: device.deviceId,
      sn: device.sn,
      name: device.name,
      model: device.model?.model ?? device.modelName ?? '',
      type: device.type,
      online: device.online,
    },
    radios: model.radios.map((r) => ({
      band: r.band,
      standard: r.standard,
      streams: r.streams,
      maxTxPowerDbm: r.maxTxPowerDbm,
    })),
    live: device.online
      ? device.radios.map((r) => ({
          band: r.band,
          channel: r.channel,
          width: r.width ?? null,
          txPower: r.txPower,
          clients: r.clients,
        }))
      : [],
    rfRunning: await deps.runs.isRunning(projectId),
  };
}

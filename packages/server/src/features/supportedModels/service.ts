/**
 * Supported cloud-version models (issue 15 §2): the catalogue as a signed-in user reads it, each
 * model's latest firmware being the newest file uploaded for it (its upload day its release date)
 * or else the catalogue's newest with the catalogue's release date.
 */
import {
  DEVICE_MODELS,
  type DeviceModel,
  latestFirmware,
  MODEL_KIND_LABELS,
  matchesModelSearch,
  pictureOf,
  portSummary,
  radioSummary,
  type SupportedModel,
  type SupportedModelList,
  type supportedModelsQuerySchema,
} from '@netloom/domain';
import type { z } from 'zod';
import type { FirmwareReleases } from '../firmware';

type Query = z.output<typeof supportedModelsQuerySchema>;
type Upload = { version: string; uploadedAt: number };

function view(m: DeviceModel, upload: Upload | undefined): SupportedModel {
  return {
    model: m.model,
    name: m.name,
    kind: m.kind,
    kindLabel: MODEL_KIND_LABELS[m.kind],
    picture: pictureOf(m),
    hardwareVersion: m.hardwareVersion,
    portCount: m.ports.length,
    ports: portSummary(m),
    radios: radioSummary(m),
    poePorts: m.ports.filter((p) => p.poe === 'out').length,
    poeBudgetWatts: m.poeBudgetWatts,
    poePowered: m.ports.some((p) => p.poe === 'in'),
    latestFirmware: upload?.version ?? latestFirmware(m),
    releasedOn: upload ? new Date(upload.uploadedAt).toISOString().slice(0, 10) : m.firmwareReleasedOn,
    firmwareSource: upload ? 'upload' : 'catalogue',
  };
}

export class SupportedModelsService {
  constructor(private readonly firmware: FirmwareReleases) {}

  async list(q: Query): Promise<SupportedModelList> {
    const uploads = await this.firmware.newestPerModel();
    const items = DEVICE_MODELS.filter(
      (m) => (q.kind === undefined || m.kind === q.kind) && matchesModelSearch(m, q.q ?? ''),
    ).map((m) => view(m, uploads.get(m.model.toLowerCase())));
    return { total: DEVICE_MODELS.length, items };
  }
}

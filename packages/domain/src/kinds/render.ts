/**
 * Rendering a device's document: the generic loop over the settings kinds. Each kind gives its part
 * (from its own saved document, reading others' through the project's documents); the parts are
 * assembled in the envelope's section order. Pure, shared by the server (delivery) and the tests.
 */
import { isSecondaryMeshNode, type RenderContext } from '../config/kind';
import { DEVICE_DOCUMENT_SECTIONS, type DeviceConfigDocument } from './document';
import { type AnyKindDefinition, CONFIG_KIND_LIST } from './registry';

/** A kind's own saved document for the device being rendered (project- or device-level). */
function ownDocument(kind: AnyKindDefinition, ctx: RenderContext): unknown {
  return kind.scope === 'project'
    ? ctx.docs.project[kind.name]
    : ctx.docs.devices.get(ctx.device.deviceId)?.[kind.name];
}

/**
 * The document a device should run, or null when nothing was ever saved that applies to it (it
 * keeps its factory configuration and is not tracked). Secondary mesh nodes are never configured
 * (§6): they broadcast their primary's settings.
 */
export function renderDeviceDocument(ctx: RenderContext): DeviceConfigDocument | null {
  if (isSecondaryMeshNode(ctx.device)) return null;
  const parts: Record<string, unknown> = {};
  for (const kind of CONFIG_KIND_LIST) Object.assign(parts, kind.render(ownDocument(kind, ctx), ctx));
  const doc: Record<string, unknown> = {};
  for (const section of Object.keys(DEVICE_DOCUMENT_SECTIONS))
    if (parts[section] !== undefined) doc[section] = parts[section];
  if (Object.keys(doc).length === 0) return null;
  // The clock comes with any configuration, never alone: a device on factory settings keeps its own.
  if (ctx.time) doc.time = ctx.time;
  return doc as DeviceConfigDocument;
}

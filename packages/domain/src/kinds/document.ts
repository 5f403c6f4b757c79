/**
 * The device configuration document (docs/protocol.md §7.1): the envelope with every kind's
 * sections, in the order they appear in a document. `protocol` validates the `config` message's
 * `document` with this schema; the simulator reads it as real firmware would.
 */

import type { z } from 'zod';
import { blacklistKind } from '../blacklist/kind';
import { deviceDocumentEnvelope } from '../config/document';
import { bridgeKind } from '../cpe/kind';
import { networkKind } from '../network/kind';
import { radioKind, rfKind } from '../rf/kinds';
import { switchingKind } from '../switching/kind';
import { deviceTimeSectionSchema } from '../time/section';
import { wirelessKind } from '../wireless/kind';

/** Every section a device document may carry, with its schema, in document order. */
export const DEVICE_DOCUMENT_SECTIONS = {
  ...networkKind.sections,
  ...switchingKind.sections,
  ...wirelessKind.sections,
  ...radioKind.sections,
  ...rfKind.sections,
  ...bridgeKind.sections,
  ...blacklistKind.sections,
};

/**
 * The `document` of a `config` message. Every section is optional: a device gets the sections that
 * apply to its kind. Devices ignore sections they do not know (protocol §12).
 */
export const deviceConfigDocumentSchema = deviceDocumentEnvelope({
  ...DEVICE_DOCUMENT_SECTIONS,
  // Not a kind's: the project's clock, rendered with every document (issue 10 §6).
  time: deviceTimeSectionSchema,
});
export type DeviceConfigDocument = z.infer<typeof deviceConfigDocumentSchema>;

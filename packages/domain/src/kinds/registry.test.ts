import { describe, expect, it } from 'vitest';
import { CONFIG_KIND_NAMES, CONFIG_KINDS } from '../config/catalogue';
import { NO_DOCUMENTS } from '../config/kind';
import { DEVICE_DOCUMENT_SECTIONS } from './document';
import { CONFIG_KIND_DEFINITIONS, CONFIG_KIND_LIST } from './registry';

describe('the settings kinds registry', () => {
  it('has one definition per catalogue kind, under its own name, with its scope and label', () => {
    expect(CONFIG_KIND_LIST.map((d) => d.name)).toEqual(CONFIG_KIND_NAMES);
    for (const [name, d] of Object.entries(CONFIG_KIND_DEFINITIONS)) {
      expect(d.name).toBe(name);
      expect({ scope: d.scope, label: d.label }).toEqual(CONFIG_KINDS[d.name]);
    }
  });

  it('gives every device-document section to exactly one kind', () => {
    const sections = CONFIG_KIND_LIST.flatMap((d) => Object.keys(d.sections));
    expect(new Set(sections).size).toBe(sections.length);
    expect([...sections].sort()).toEqual(Object.keys(DEVICE_DOCUMENT_SECTIONS).sort());
  });

  it('factory settings parse with the kind schema (what a page shows at version 0 is saveable in shape)', () => {
    for (const d of CONFIG_KIND_LIST) {
      const factory = d.factory({ devices: [], target: undefined, docs: NO_DOCUMENTS });
      if (factory !== undefined) expect(d.schema.safeParse(factory).success, d.name).toBe(true);
    }
  });
});

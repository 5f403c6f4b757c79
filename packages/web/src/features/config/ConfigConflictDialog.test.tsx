import type { ConfigConflict } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConflictPanel, type ConflictPanelProps } from './ConfigConflictDialog';
import { baseVersionOf, conflictDetailText, rebasedInput } from './saveFlowText';

const AT = new Date(2026, 10, 22, 10, 42).getTime();
const CONFLICT: ConfigConflict = {
  version: 8,
  revisionId: 41,
  savedBy: { id: 3, nick: 'Anna' },
  savedAt: AT,
  summary: 'Added VLAN 40 "Office"',
};

function panel(over: Partial<ConflictPanelProps> = {}): string {
  return renderToStaticMarkup(
    <ConflictPanel
      conflict={CONFLICT}
      fallbackText="Someone saved a newer version of these settings."
      advice="Your changes are still in the form."
      canReview
      canKeep
      reviewed={false}
      onReview={() => {}}
      onChoose={() => {}}
      {...over}
    />,
  );
}

/** The `disabled` attribute of the button whose label is `label`. */
function disabled(html: string, label: string): boolean {
  const button = html.split('<button').find((b) => b.includes(`<span>${label}</span>`));
  if (!button) throw new Error(`no button ${label}`);
  return /^[^>]*\sdisabled=""/.test(button);
}

describe('conflict dialog', () => {
  it('names who saved the newer version, when and what', () => {
    const clock = new Date(AT).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    expect(conflictDetailText(CONFLICT)).toBe(`Anna saved version 8 at ${clock}: Added VLAN 40 "Office".`);
    expect(conflictDetailText({ ...CONFLICT, savedBy: null })).toMatch(/^The system saved version 8 at /);
    expect(panel()).toContain('Anna saved version 8');
    expect(panel({ conflict: null })).toContain('Someone saved a newer version of these settings.');
  });

  it('offers review, discard and keep — keeping only after the review', () => {
    const before = panel();
    expect(disabled(before, 'Review changes')).toBe(false);
    expect(disabled(before, 'Discard mine and reload')).toBe(false);
    expect(disabled(before, 'Keep my changes')).toBe(true);
    expect(disabled(panel({ reviewed: true }), 'Keep my changes')).toBe(false);
  });

  it('cannot keep or review without the newer version', () => {
    const html = panel({ conflict: null, canReview: false, canKeep: false, reviewed: true });
    expect(disabled(html, 'Review changes')).toBe(true);
    expect(disabled(html, 'Keep my changes')).toBe(true);
    expect(disabled(html, 'Discard mine and reload')).toBe(false);
  });

  it('keeps the user’s draft: the same save, based on the newer version', () => {
    const draft = { baseVersion: 7, settings: { vlans: [{ id: 20 }] } };
    expect(rebasedInput(draft, 8)).toEqual({ baseVersion: 8, settings: draft.settings });
    expect(rebasedInput({ revisionId: 4, baseVersion: 2 }, 8)).toEqual({ revisionId: 4, baseVersion: 8 });
    expect(rebasedInput({ settings: {} }, 8)).toBeNull();
    expect(rebasedInput('x', 8)).toBeNull();
    expect(baseVersionOf(draft)).toBe(7);
    expect(baseVersionOf(null)).toBeNull();
  });
});

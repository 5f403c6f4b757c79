import type { CodedIssue } from '@netloom/domain';
import { useState } from 'react';
import type { ItemValidation } from './useItemValidation';

/** How saving an item ended (a settings save's outcome: ok, conflict, field issues, refusal). */
export type ItemSaveOutcome =
  | { ok: true }
  | { ok: false; kind: 'conflict' }
  | { ok: false; kind: 'issues'; issues: CodedIssue[] }
  | { ok: false; kind: 'error'; code: number | null; message: string | null };

interface ItemSaveOptions {
  /** Closes the editor after a save. */
  onClose(): void;
  /** Also show a refusal without field issues (a rule code) above the form. */
  refusalsAbove?: boolean;
}

/**
 * The save of an item editor: check the form against the domain's rules (issues that belong to no
 * field go above it), save, close on success; a refusal's field issues land on the fields and the
 * editor stays open with the draft (a conflict keeps it too: the save flow asks what to do).
 */
export function useItemSave<D>(
  validation: ItemValidation<D>,
  { onClose, refusalsAbove = false }: ItemSaveOptions,
) {
  const [general, setGeneral] = useState<CodedIssue[]>([]);
  const [saving, setSaving] = useState(false);

  /** Checks the form; the candidate document when it may be saved, else null (issues shown). */
  async function check(): Promise<D | null> {
    const checked = await validation.check();
    setGeneral(checked.general);
    return checked.ok ? checked.candidate : null;
  }

  async function submit(save: () => Promise<ItemSaveOutcome>): Promise<void> {
    setSaving(true);
    const outcome = await save();
    setSaving(false);
    if (outcome.ok) onClose();
    else if (outcome.kind === 'issues') setGeneral(validation.applyServer(outcome.issues));
    else if (refusalsAbove && outcome.kind === 'error' && outcome.code !== null && outcome.message)
      setGeneral([{ path: '', code: outcome.code, message: outcome.message }]);
  }

  return { general, saving, check, submit };
}

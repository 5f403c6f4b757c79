import { type CodedIssue, canonicalJson, type NetworkSettings } from '@netloom/domain';
import type { FormInstance, FormRule } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import type { NetworkEditor } from './useNetworkEditor';

/**
 * Inline validation of one item of the network document (a VLAN, a pool, a route…) with the
 * domain's rules: the form's values are put into a candidate document, `networkSettingsIssues`
 * runs on it, and the issues under the item's path (`vlans.3`) land on the fields. Issues the
 * change causes elsewhere (a count limit, a reference) are "general": shown above the form.
 */

/** A form field name from a dotted path relative to the item: `dns.1` → ['dns', 1]. */
export function namePath(path: string): (string | number)[] {
  return path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The field (of `fields`) an item-relative issue path belongs to: itself, else the longest parent,
 * else its first child (an issue about `dns` as a whole shows under the primary DNS field).
 */
export function fieldFor(rest: string, fields: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const f of fields) {
    if ((rest === f || rest.startsWith(`${f}.`)) && (best === undefined || f.length > best.length)) best = f;
  }
  return best ?? fields.find((f) => f.startsWith(`${rest}.`));
}

const key = (i: CodedIssue) => `${i.path}\u0000${i.message}`;

/** Issues of `candidate` that the current document does not have already (what this change causes). */
export function newIssues(editor: NetworkEditor, candidate: NetworkSettings): CodedIssue[] {
  const before = new Set(editor.issuesOf(editor.settings).map(key));
  return editor.issuesOf(candidate).filter((i) => !before.has(key(i)));
}

export interface Placed {
  /** Field → first message. */
  byField: Map<string, string>;
  /** Issues that belong to no field of the form. */
  general: CodedIssue[];
}

/** Splits issues into the form's fields (under `prefix`) and general ones. */
export function placeIssues(
  issues: readonly CodedIssue[],
  prefix: string,
  fields: readonly string[],
): Placed {
  const byField = new Map<string, string>();
  const general: CodedIssue[] = [];
  const p = prefix === '' ? '' : `${prefix}.`;
  for (const i of issues) {
    const field = i.path.startsWith(p) ? fieldFor(i.path.slice(p.length), fields) : undefined;
    if (field === undefined) general.push(i);
    else if (!byField.has(field)) byField.set(field, i.message);
  }
  return { byField, general };
}

interface ItemValidationOptions<V> {
  /** The item's path in the document, e.g. `vlans.3` (a new item: the next index); '' for the root. */
  prefix: string;
  /** Item-relative paths of the fields the form shows, e.g. ['id', 'name', 'ip', 'mask', 'dhcp']. */
  fields: readonly string[];
  /** The document with the form's values in place of the item. */
  build: (values: V) => NetworkSettings;
}

export interface ItemValidation {
  /** The antd rule of a field: the domain's message for it, if any. */
  rule(field: string): FormRule;
  /** Validates every field; the issues that belong to no field (empty when the item is valid). */
  check(): Promise<{ ok: boolean; general: CodedIssue[]; candidate: NetworkSettings }>;
  /** Puts a 400's issues on the fields; returns those that belong to none. */
  applyServer(issues: readonly CodedIssue[]): CodedIssue[];
  /** Re-validates the fields the user touched (cross-field rules: start/end, overlaps). */
  revalidateTouched(): void;
}

export function useItemValidation<V>(
  editor: NetworkEditor,
  form: FormInstance<V>,
  { prefix, fields, build }: ItemValidationOptions<V>,
): ItemValidation {
  const cache = useRef<{ key: string; placed: Placed; candidate: NetworkSettings } | null>(null);
  const buildRef = useRef(build);
  buildRef.current = build;

  const evaluate = useCallback(() => {
    const values = form.getFieldsValue(true) as V;
    const candidate = buildRef.current(values);
    const k = canonicalJson(candidate);
    if (cache.current?.key !== k) {
      cache.current = {
        key: k,
        candidate,
        placed: placeIssues(newIssues(editor, candidate), prefix, fields),
      };
    }
    return cache.current;
  }, [form, editor, prefix, fields]);

  return useMemo<ItemValidation>(
    () => ({
      rule: (field) => ({
        validator: async () => {
          const message = evaluate().placed.byField.get(field);
          if (message) throw new Error(message);
        },
      }),
      check: async () => {
        let fieldsOk = true;
        try {
          await form.validateFields();
        } catch {
          fieldsOk = false;
        }
        const { placed, candidate } = evaluate();
        return { ok: fieldsOk && placed.general.length === 0, general: placed.general, candidate };
      },
      applyServer: (issues) => {
        const placed = placeIssues(issues, prefix, fields);
        form.setFields([...placed.byField].map(([f, m]) => ({ name: namePath(f) as never, errors: [m] })));
        return placed.general;
      },
      revalidateTouched: () => {
        const touched = fields.filter((f) => form.isFieldTouched(namePath(f) as never));
        if (touched.length > 0)
          void form.validateFields(touched.map((f) => namePath(f) as never)).catch(() => {});
      },
    }),
    [evaluate, form, prefix, fields],
  );
}

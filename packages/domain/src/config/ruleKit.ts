/**
 * The rule kit of the settings kinds: one broken rule as data (`CodedIssue`: where, which §8 code,
 * the precise English message), the collector the rule functions write to, and the lookup a form
 * uses to show the issues of the item it edits. Every kind's `issues()` returns `CodedIssue[]`; the
 * server refuses a save with the first issue's code and lists them all.
 */
import { ERR } from '../errors/catalogue';

/** One broken rule: where (a dotted path, e.g. `vlans.2.ip`), which catalogue code, and the message. */
export interface CodedIssue {
  path: string;
  code: number;
  message: string;
}

/** Collects issues; `add` ignores null messages so rules read as one line each. */
export class IssueList {
  readonly items: CodedIssue[] = [];
  add(path: string, code: number, message: string | null | undefined): boolean {
    if (!message) return false;
    this.items.push({ path, code, message });
    return true;
  }
  /** A rule with no catalogue code of its own: 400 with the precise message. */
  invalid(path: string, message: string | null | undefined): boolean {
    return this.add(path, ERR.INVALID_PARAMETERS, message);
  }
  has(path: string): boolean {
    return this.items.some((i) => i.path === path || i.path.startsWith(`${path}.`));
  }
}

/** Issues under one path prefix, keyed by the rest of the path (for a form editing one item). */
export function issuesUnder(issues: readonly CodedIssue[], prefix: string): Map<string, CodedIssue> {
  const out = new Map<string, CodedIssue>();
  const p = `${prefix}.`;
  for (const i of issues) {
    if (i.path.startsWith(p)) {
      const rest = i.path.slice(p.length);
      if (!out.has(rest)) out.set(rest, i);
    } else if (i.path === prefix && !out.has('')) out.set('', i);
  }
  return out;
}

/**
 * The list of every code a device may answer a `configResult` with (docs/protocol.md §10),
 * generated from the error catalogue so the page names each code with the message the console shows
 * for it. The table follows the marker `<!-- codes: configResult -->`.
 */
import { catalogue } from '@netloom/domain';

/** The §8 ranges of the rules a configuration document can break on a device, and EEE on a port in use. */
export const CONFIG_RESULT_CODE_RANGES = [
  { from: 103, to: 127 },
  { from: 416, to: 416 },
  { from: 713, to: 740 },
  { from: 1100, to: 1147 },
] as const;

/** Every catalogue code a device may send in a refused `configResult`, with its message. */
export function configResultCodes(): { code: number; message: string }[] {
  return catalogue()
    .filter((e) => CONFIG_RESULT_CODE_RANGES.some((r) => e.code >= r.from && e.code <= r.to))
    .map((e) => ({ code: e.code, message: e.message }))
    .sort((a, b) => a.code - b.code);
}

const MARKER = '<!-- codes: configResult -->';

/** Rewrites the marked table from the catalogue. */
export function syncCodeTables(page: string): string {
  const lines = page.split('\n');
  const at = lines.indexOf(MARKER);
  if (at < 0) return page;
  let end = at + 1;
  while (end < lines.length && (lines[end] as string).trim() === '') end++;
  while (end < lines.length && (lines[end] as string).startsWith('|')) end++;
  const table = [
    '',
    '| Code | The console shows |',
    '|---|---|',
    ...configResultCodes().map((c) => `| ${c.code} | ${c.message.replace(/\|/g, '\\|')} |`),
  ];
  return [...lines.slice(0, at + 1), ...table, ...lines.slice(end)].join('\n');
}

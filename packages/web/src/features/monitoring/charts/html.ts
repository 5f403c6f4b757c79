/** Tooltip HTML helpers: every text that came from a device or a client is escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One "● name   value" line of a tooltip. */
export function tooltipRow(colour: string, name: string, value: string): string {
  return `<div class="nl-chart-tip-row"><span class="nl-chart-tip-dot" style="background:${colour}"></span><span class="nl-chart-tip-name">${escapeHtml(name)}</span><span class="nl-chart-tip-value">${escapeHtml(value)}</span></div>`;
}

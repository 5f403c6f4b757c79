/**
 * The sum of a table's column widths: the `scroll.x` below which it scrolls sideways with its pinned
 * columns. A column without a numeric width counts as `unsized`.
 */
export function columnsWidth(columns: readonly { width?: unknown }[], unsized = 0): number {
  return columns.reduce<number>((sum, c) => sum + (typeof c.width === 'number' ? c.width : unsized), 0);
}

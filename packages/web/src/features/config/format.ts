/** Date and time as people read them in the console's tables ("22 Nov 2026, 10:42"). */
export function formatDateTime(at: number): string {
  return new Date(at).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

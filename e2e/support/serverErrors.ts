import { existsSync, readFileSync } from 'node:fs';

/** At most this many of the server's error lines are printed after a run, each cut to this length. */
const MAX_LINES = 20;
const MAX_LINE_CHARS = 2000;
/** pino's level of `error`; `fatal` is 60. */
const ERROR_LEVEL = 50;

/**
 * The console's error and fatal log lines of a run (the server log is pino's JSON lines). A test that
 * fails on "code 2000: Server error" says nothing of why; the server logged the cause with its stack,
 * and the log itself is removed with the run's temp directory — so teardown prints these.
 */
export function serverErrors(logFile: string): string[] {
  if (!existsSync(logFile)) return [];
  const errors: string[] = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const { level } = JSON.parse(line) as { level?: unknown };
      if (typeof level === 'number' && level >= ERROR_LEVEL) errors.push(line);
    } catch {
      // a line cut short by the server's exit
    }
  }
  return errors;
}

/** Prints the errors (the first {@link MAX_LINES}, each cut) to stderr; nothing when there are none. */
export function reportServerErrors(logFile: string): void {
  const errors = serverErrors(logFile);
  if (errors.length === 0) return;
  const shown = errors
    .slice(0, MAX_LINES)
    .map((l) => (l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}…` : l));
  const more = errors.length > MAX_LINES ? `\n… and ${errors.length - MAX_LINES} more` : '';
  process.stderr.write(
    `\nThe console logged ${errors.length} error line(s) during the run:\n${shown.join('\n')}${more}\n`,
  );
}

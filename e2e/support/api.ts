import type { Page } from '@playwright/test';

/**
 * Direct calls to the console's JSON API as the page's signed-in account (session cookie + CSRF
 * header), for set-up steps that are not the subject of a test and for cross-checking what a page
 * shows against what the server holds.
 */

interface Envelope<T> {
  code: number;
  data?: T;
  message?: string;
}

async function csrf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '';
}

function unwrap<T>(path: string, json: Envelope<T>): T {
  if (json.code !== 0) throw new Error(`${path} answered code ${json.code}: ${json.message ?? ''}`);
  return json.data as T;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  return unwrap(path, (await res.json()) as Envelope<T>);
}

export async function apiPost<T>(page: Page, path: string, body?: unknown): Promise<T> {
  const res = await page.request.post(path, {
    data: body ?? {},
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  return unwrap(path, (await res.json()) as Envelope<T>);
}

export async function apiPut<T>(page: Page, path: string, body: unknown): Promise<T> {
  const res = await page.request.put(path, {
    data: body,
    headers: { 'X-CSRF-Token': await csrf(page) },
  });
  return unwrap(path, (await res.json()) as Envelope<T>);
}

/** Creates a project as the page's account and returns its id. */
export async function createProject(
  page: Page,
  body: { name: string; netMode: 0 | 1; scenario: string; location?: string; timeZone?: string },
): Promise<number> {
  const project = await apiPost<{ id: number }>(page, '/api/projects', {
    timeZone: officeHoursZone(),
    ...body,
  });
  return project.id;
}

/**
 * A fixed zone in which it is about 10:30 now (whole hours: 10:00–11:00), like the simulated office
 * (support/sim.ts): the devices run Wi-Fi schedules on the project's zone (protocol §7.1 `time`), so
 * a test's "off 00:00–06:00" never hides its network whatever the hour the suite runs at.
 */
export function officeHoursZone(): string {
  const utcHour = (Date.now() / 3_600_000) % 24;
  let hours = Math.round(10.5 - utcHour);
  if (hours < -12) hours += 24;
  if (hours === 0) return 'UTC';
  // POSIX sign: Etc/GMT-3 is UTC+3.
  return hours > 0 ? `Etc/GMT-${hours}` : `Etc/GMT+${-hours}`;
}

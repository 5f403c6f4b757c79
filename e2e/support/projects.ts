import { expect, type Locator, type Page } from '@playwright/test';
import { fillField, openProjectList } from './pages';
import { pickOption } from './select';

export interface NewProject {
  name: string;
  /** Scenario label as the form shows it, e.g. "Hotel". */
  scenario: string;
  location?: string;
  mode?: 'Traditional WLAN' | 'Cable-free (mesh) WLAN';
}

/** The create/edit project drawer. */
export function projectDrawer(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('form', { name: /project/i }) });
}

/** Picks an option (its whole text) of the antd Select labelled `label` inside `scope`. */
export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await pickOption(page, scope.getByLabel(label, { exact: true }), option);
}

/**
 * Waits until the create/edit drawer is open with its form: the title says which one, the submit
 * button can be pressed.
 */
export async function expectProjectDrawer(page: Page, mode: 'create' | 'edit'): Promise<Locator> {
  const drawer = projectDrawer(page);
  await expect(
    drawer.getByRole('form', { name: mode === 'create' ? 'Create project' : 'Edit project' }),
  ).toBeVisible();
  const submit = drawer.getByRole('button', { name: mode === 'create' ? 'Create project' : 'Save changes' });
  if (mode === 'create') await expect(submit).toBeEnabled();
  else await expect(submit).toBeVisible();
  return drawer;
}

/** Opens the drawer from the project list, fills it and submits; waits until the drawer closes. */
export async function createProjectFromList(page: Page, project: NewProject): Promise<void> {
  await openProjectList(page);
  await page.getByRole('button', { name: 'Create project' }).first().click();
  const drawer = await expectProjectDrawer(page, 'create');
  await fillField(drawer.getByLabel('Project name'), project.name);
  await drawer.getByRole('radio', { name: new RegExp(project.mode ?? 'Traditional WLAN') }).check();
  await chooseOption(page, drawer, 'Scenario', project.scenario);
  if (project.location) await fillField(drawer.getByLabel('Location'), project.location);
  await drawer.getByRole('button', { name: 'Create project' }).click();
  await expect(drawer).toBeHidden();
}

export interface ProjectBody {
  name: string;
  netMode: 0 | 1;
  scenario: string;
  location?: string;
  /** IANA zone (Europe/Lisbon); an old offset in hours is still read as its zone. */
  timeZone?: string | number;
}

/** Creates a project through the API as the page's signed-in account (cookie + CSRF header). */
export async function createProjectByApi(page: Page, body: ProjectBody): Promise<{ code: number }> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'nl_csrf')?.value ?? '';
  const res = await page.request.post('/api/projects', { data: body, headers: { 'X-CSRF-Token': csrf } });
  return (await res.json()) as { code: number };
}

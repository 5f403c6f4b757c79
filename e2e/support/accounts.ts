import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { readCode } from './mailbox';
import { expectConsole, fillField, openSignInPage } from './pages';

/** A fresh address per test run, so tests never depend on each other's accounts. */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${randomBytes(3).toString('hex')}@example.com`;
}

interface Envelope<T> {
  code: number;
  data?: T;
  message?: string;
}

async function call<T>(request: APIRequestContext, path: string, body: unknown, csrf?: string): Promise<T> {
  const res = await request.post(path, { data: body, headers: csrf ? { 'X-CSRF-Token': csrf } : {} });
  const json = (await res.json()) as Envelope<T>;
  if (json.code !== 0) throw new Error(`${path} answered code ${json.code}: ${json.message ?? ''}`);
  return json.data as T;
}

/**
 * Registers an account through the API with a real code from the SMTP capture. For tests whose
 * subject is not registration itself (the main journey registers through the UI).
 */
export async function registerByApi(
  request: APIRequestContext,
  mailbox: string,
  email: string,
  password: string,
): Promise<void> {
  const since = Date.now();
  await call(request, '/api/auth/codes', { channel: 'email', purpose: 'register', email });
  const code = await readCode(mailbox, email, { since });
  await call(request, '/api/auth/register', {
    method: 'email',
    email,
    code,
    password,
    confirmPassword: password,
  });
}

/** Signs in through the login screen and waits until the console shows. */
export async function signInByUi(page: Page, email: string, password: string): Promise<void> {
  await openSignInPage(page);
  await fillSignIn(page, email, password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectConsole(page);
}

/**
 * Signs in through the API (the session cookies land in the page's browser context), then opens the
 * console and waits until it shows. For tests whose subject is not the sign-in screen: it saves them
 * loading and rendering that screen, typing and the round trip of its form (the suite's summed test
 * time fell from 1,529 to 1,488 s, one run each, 29 Nov 2026). What the screen itself does after a
 * sign-in (the remembered account, `?next=`) is tested through it (`signInByUi`).
 */
export async function signInByApi(page: Page, email: string, password: string): Promise<void> {
  await call(page.request, '/api/auth/login', { method: 'email', email, password });
  await page.goto('/');
  await expectConsole(page);
}

/** Types an e-mail account into the sign-in form on screen (the e-mail tab). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await fillField(input(page, 'E-mail'), email);
  await fillField(input(page, 'Password'), password);
}

/** Registers and signs in (API), then shows the console: a ready session for feature tests. */
export async function newSignedInAccount(
  page: Page,
  mailbox: string,
  tag: string,
  password = 'Secret-123',
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(tag);
  await registerByApi(page.request, mailbox, email, password);
  await signInByApi(page, email, password);
  return { email, password };
}

/** The input labelled exactly `label` (forms on the auth pages are tab panels named like fields). */
export function input(scope: Page | Locator, label: string): Locator {
  return scope.locator('input, textarea').and(scope.getByLabel(label, { exact: true }));
}

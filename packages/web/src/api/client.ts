import {
  type EndpointData,
  type EndpointInput,
  type EndpointSpec,
  endpointUrl,
  type FieldIssue,
  unknownErrorMessage,
} from '@netloom/domain';
import { storage } from '../browser/storage';
import { loginPath } from '../navigation/paths';
import { BASE_ERR, type BaseErrorCode, baseErrorMessage, loadErrorMessage } from './errorMessages';

export type { FieldIssue };

/** A failed API call: the spec's numeric code, the catalogue message and any field issues. */
export class ApiError extends Error {
  readonly code: number;
  readonly issues: FieldIssue[];
  /**
   * The client already told the user (the demo code's "Got it" modal): a caller may skip its own
   * error message for this error.
   */
  readonly shownGlobally: boolean;
  /** What the refusal carries for the caller to act on (414: the newer version, `ConfigConflict`). */
  readonly data: unknown;

  /** A code of the base areas (common, account) may come alone: its message is at hand. */
  constructor(code: BaseErrorCode);
  /** Any other code comes with its catalogue message (`loadErrorMessage`). */
  constructor(code: number, message: string, issues?: FieldIssue[], data?: unknown);
  constructor(code: number, message?: string, issues: FieldIssue[] = [], data?: unknown) {
    super(message ?? baseErrorMessage(code) ?? unknownErrorMessage(code));
    this.name = 'ApiError';
    this.code = code;
    this.issues = issues;
    this.data = data;
    this.shownGlobally = code === BASE_ERR.DEMO_BLOCKED;
  }
}

export interface RequestOptions {
  /**
   * Do not start the global sign-out flow on 401/70. Used by the session probe, where "not signed
   * in" is an answer, not an interruption.
   */
  noSignOut?: boolean;
  /**
   * A save the user did not make as a change (a remembered preference, such as a chart's range):
   * the demo's refusal (405) is not shown as the "unavailable in demo projects" modal.
   */
  quietDemo?: boolean;
  signal?: AbortSignal;
}

/**
 * Codes that end the session wherever they come from (§8: 69 signed in elsewhere, 70 password
 * changed; 401 not signed in; 520 the account was disabled by an administrator).
 */
const SESSION_ENDING_CODES: ReadonlySet<number> = new Set([
  BASE_ERR.LOGGED_IN_ELSEWHERE,
  BASE_ERR.PASSWORD_CHANGED,
  BASE_ERR.NOT_SIGNED_IN,
  BASE_ERR.ACCOUNT_DISABLED,
]);

/**
 * What the client tells the app about, whatever call it came from. The app shell listens (it shows
 * the demo modal, it signs out); the client imports no feature and no page.
 */
export interface ApiEvents {
  /** The server answered the demo code (405, "unavailable in demo projects"): §6 "Got it" modal. */
  demoBlocked: () => void;
  /** 69, 70, 520 or 401 (not signed in) ended the session: sign out with that reason. */
  sessionEnded: (code: number) => void;
  /**
   * A call under one project's path (`/api/projects/:id/…`) failed with this code: the app decides
   * what a code means for the current project (73 or 74: it is no longer this account's).
   */
  projectCallFailed: (projectId: number, code: number) => void;
}
type ApiEventName = keyof ApiEvents;

const listeners: { [K in ApiEventName]: Set<ApiEvents[K]> } = {
  demoBlocked: new Set(),
  sessionEnded: new Set(),
  projectCallFailed: new Set(),
};

const PROJECT_PATH = /^\/api\/projects\/(\d+)(?:[/?]|$)/;

/** Listens to one kind of client event; returns the function that stops listening. */
export function onApiEvent<K extends ApiEventName>(name: K, listener: ApiEvents[K]): () => void {
  const set = listeners[name] as Set<ApiEvents[K]>;
  set.add(listener);
  return () => set.delete(listener);
}

let signingOut = false;

function endSession(code: number): void {
  if (signingOut) return;
  signingOut = true;
  if (listeners.sessionEnded.size === 0) {
    // Nobody listens yet (the router is not mounted): a full navigation does the sign-out.
    storage.clearOnLogout();
    window.location.assign(loginPath(code));
    return;
  }
  for (const l of listeners.sessionEnded) l(code);
}

/** Re-arms the sign-out flow once the user is on the login page again. */
export function resetSessionEnded(): void {
  signingOut = false;
}

function csrfToken(): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith('nl_csrf='));
  return match ? decodeURIComponent(match.slice('nl_csrf='.length)) : null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}
function parseIssues(v: unknown): FieldIssue[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (i): i is FieldIssue => isRecord(i) && typeof i.path === 'string' && typeof i.message === 'string',
  );
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const unsafe = method !== 'GET' && method !== 'HEAD';
  if (unsafe) {
    const csrf = csrfToken();
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  // Non-web access (openapi/app) keeps a bearer token in session storage (§6); web access relies on
  // the httpOnly cookie only, so a stale token left in storage can never override a live web session.
  const token = storage.getAccessType() === 'web' ? null : storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  } else if (unsafe) {
    // Fastify rejects an empty body with a JSON content type; send an empty object instead.
    headers['Content-Type'] = 'application/json';
    payload = '{}';
  }

  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(BASE_ERR.NETWORK_ERROR);
  }

  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // Not JSON (proxy error page, empty body): judged by the HTTP status below.
  }

  let error: ApiError | null = null;
  if (isRecord(json) && typeof json.code === 'number') {
    if (json.code === 0) return json.data as T;
    // The message always comes from the catalogue so the web and server never disagree.
    const message = await loadErrorMessage(json.code);
    error = new ApiError(json.code, message, parseIssues(json.issues), json.data);
  } else if (res.status === 401) {
    error = new ApiError(BASE_ERR.NOT_SIGNED_IN);
  } else {
    error = new ApiError(res.status >= 500 || res.ok ? BASE_ERR.SERVER_ERROR : BASE_ERR.NETWORK_ERROR);
  }

  if (error.code === BASE_ERR.DEMO_BLOCKED && !opts.quietDemo) for (const l of listeners.demoBlocked) l();
  if (SESSION_ENDING_CODES.has(error.code) && !opts.noSignOut) endSession(error.code);
  const project = PROJECT_PATH.exec(path);
  if (project) for (const l of listeners.projectCallFailed) l(Number(project[1]), error.code);
  throw error;
}

/**
 * Calls a domain endpoint: the one way features reach the API. The URL is built from the
 * endpoint's path and the params given; the data comes back typed from its response schema.
 */
export function call<E extends EndpointSpec>(
  e: E,
  input: EndpointInput<E>,
  opts?: RequestOptions,
): Promise<EndpointData<E>> {
  const params = (input.params ?? {}) as Parameters<typeof endpointUrl<E>>[1];
  const query = input.query as Parameters<typeof endpointUrl>[2];
  return request<EndpointData<E>>(e.method, endpointUrl(e, params, query), input.body, opts);
}

/** The URL of a GET endpoint for a link or an `<img>` (downloads, images): the cookie authenticates it. */
export function hrefOf<E extends EndpointSpec & { method: 'GET' }>(
  e: E,
  input: Omit<EndpointInput<E>, 'body'>,
): string {
  const params = (input.params ?? {}) as Parameters<typeof endpointUrl<E>>[1];
  return endpointUrl(e, params, input.query as Parameters<typeof endpointUrl>[2]);
}

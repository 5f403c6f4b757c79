import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export interface ApiResult<T = unknown> {
  status: number;
  body: { code: number; data?: T; message?: string; issues?: { path: string; message: string }[] };
  res: LightMyRequestResponse;
}

/**
 * A browser-like client over `app.inject()`: keeps cookies, sends X-CSRF-Token from `nl_csrf` on
 * unsafe methods (unless told not to), or a bearer token when it has one.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  bearer: string | null = null;
  sendCsrf = true;

  constructor(private readonly app: FastifyInstance) {}

  async call<T = unknown>(
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await this.request(method, url, payload, headers);
    return { status: res.statusCode, body: res.json(), res } as ApiResult<T>;
  }

  /** The same request, its answer as it came (a file download is not JSON). */
  async request(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) h.authorization = `Bearer ${this.bearer}`;
    const csrf = this.cookies.get('nl_csrf');
    if (this.sendCsrf && csrf && method !== 'GET') h['x-csrf-token'] = csrf;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers: h,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
    for (const c of res.cookies) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get<T = unknown>(url: string) {
    return this.call<T>('GET', url);
  }
  post<T = unknown>(url: string, payload: unknown = {}) {
    return this.call<T>('POST', url, payload);
  }
  patch<T = unknown>(url: string, payload: unknown) {
    return this.call<T>('PATCH', url, payload);
  }
  del<T = unknown>(url: string) {
    return this.call<T>('DELETE', url);
  }
}

import { HttpError } from './http-error';
import type { TInterceptor } from './interceptor';

export const API_BASE = '/api/v1';

/**
 * A read (a GET of JSON) without a whole answer after this long fails as one without a connection
 * (status 0), so a screen says so instead of loading for good on a network that swallows requests
 * (a plant room's weak signal, a captive portal; docs/screens.md, "Lost connection"). Files (PDF,
 * CSV) are made on request and may take longer; changes are never cut off, since the server may
 * have done them.
 */
export const READ_TIMEOUT_MS = 30_000;

/** The caller's signal and a time-out, where the browser has AbortSignal.any (all current ones). */
function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal | undefined {
  if (typeof AbortSignal.any !== 'function' || typeof AbortSignal.timeout !== 'function') return signal;
  return AbortSignal.any(signal ? [signal, AbortSignal.timeout(ms)] : [AbortSignal.timeout(ms)]);
}

export type TQueryValue = string | number | boolean | null | undefined;

export interface TRequestOptions {
  query?: Record<string, TQueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Skip the response interceptor (login and logout handle their own failures). */
  skipInterceptor?: boolean;
  /** Read a successful answer as bytes (a file) instead of JSON or text. */
  blob?: boolean;
}

export interface THttpClientConfig {
  baseUrl: string;
  getToken: () => string | null;
  fetchFn: typeof fetch;
  /** Looked up on every response so the app can wire it after the client exists. */
  interceptor: () => TInterceptor | null;
  /** READ_TIMEOUT_MS unless told (tests). */
  readTimeoutMs?: number;
}

export interface THttpClient {
  request<T>(method: string, path: string, options?: TRequestOptions): Promise<T>;
  get<T>(path: string, options?: TRequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: TRequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: TRequestOptions): Promise<T>;
  /** A GET that also answers the response headers (paged lists: X-Total-Count). */
  getWithHeaders<T>(path: string, options?: TRequestOptions): Promise<{ data: T; headers: Headers }>;
  /** A GET of a file (a PDF, a CSV): its bytes and the file name the server suggests (Content-Disposition). */
  getFile(path: string, options?: TRequestOptions): Promise<{ blob: Blob; fileName: string | null }>;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''...` preferred), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  return plain ? (plain[1] ?? plain[2]).trim() || null : null;
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, TQueryValue>): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * A small fetch wrapper: JSON in and out, the `x-access-token` header on every request, and
 * the response interceptor applied to every failure before the error propagates.
 */
export function createHttpClient(config: THttpClientConfig): THttpClient {
  async function send<T>(method: string, path: string, options: TRequestOptions = {}): Promise<{ data: T; headers: Headers }> {
    const url = buildUrl(config.baseUrl, path, options.query);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = config.getToken();
    if (token && !('x-access-token' in headers)) headers['x-access-token'] = token;
    let body: BodyInit | undefined;
    if (options.body instanceof Blob) {
      // A file sent as its bytes (a logbook file to verify).
      headers['content-type'] = 'application/octet-stream';
      body = options.body;
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const isRead = method === 'GET' && !options.blob;
    const signal = isRead ? withTimeout(options.signal, config.readTimeoutMs ?? READ_TIMEOUT_MS) : options.signal;
    // The caller's abort stays an AbortError; a time-out or a lost network is status 0.
    const failed = (error: unknown): never => {
      if (options.signal?.aborted || (!isRead && error instanceof DOMException && error.name === 'AbortError')) throw error;
      throw new HttpError(0, method, url, null);
    };
    let response: Response;
    try {
      response = await config.fetchFn(url, { method, headers, body, signal });
    } catch (error) {
      return failed(error);
    }
    // A renewed token ends the old one after a short grace (POST /auth, docs/architecture.md): a
    // request that left with the old token and still met a 401 is asked again with the new one
    // instead of signing the user out.
    if (response.status === 401 && token && !('x-access-token' in (options.headers ?? {}))) {
      const current = config.getToken();
      if (current && current !== token) return send<T>(method, path, options);
    }
    let data: unknown;
    try {
      data = options.blob && response.ok ? await response.blob() : await readBody(response);
    } catch (error) {
      return failed(error);
    }
    if (!response.ok) {
      const error = new HttpError(response.status, method, url, data);
      if (!options.skipInterceptor) config.interceptor()?.(response.status, method, Object.keys(error.fields).length > 0);
      throw error;
    }
    return { data: data as T, headers: response.headers };
  }

  async function request<T>(method: string, path: string, options: TRequestOptions = {}): Promise<T> {
    return (await send<T>(method, path, options)).data;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    getWithHeaders: (path, options) => send('GET', path, options),
    getFile: async (path, options) => {
      const { data, headers } = await send<Blob>('GET', path, { ...options, blob: true, headers: { accept: '*/*', ...options?.headers } });
      return { blob: data, fileName: dispositionFileName(headers.get('content-disposition')) };
    },
  };
}

import type { ErrorBody, FieldIssue } from '@bilum/shared';

/** Any failed API call: the server's error code and message, or NETWORK when the server could not be reached. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: FieldIssue[] = [],
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isNetwork() {
    return this.code === 'NETWORK';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/** How a call reaches the API: in the browser `fetch`; on the server the renderer's in-process answers. */
export type ApiTransport = (path: string, init: RequestInit & { method: Method }) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(`/api${path}`, init);

/**
 * The server's renderer (apps/web/src/entry-server.tsx) answers the page's calls in-process, for the request it
 * renders: a page's queries then get exactly what the browser's own call would.
 */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/** Calls the shop's own API with the session cookie; a non-2xx answer becomes an ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  let response: Response;
  try {
    response = await transport(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(
      0,
      'NETWORK',
      'Could not connect to the server. Please check your internet connection and try again.',
    );
  }
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, issues, details } = data.error;
      throw new ApiError(response.status, code, message, issues, details);
    }
    throw new ApiError(response.status, 'HTTP', `Server error: ${response.status}`);
  }
  return data as T;
}

/** Builds a query string from the defined, non-empty values. */
export function toQuery(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

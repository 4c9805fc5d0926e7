import type { ApiFailure, FieldError, Pagination } from '@mizan/core';
import { storage } from './storage';
import { getHeaders, readAnswer, takeEarlyAnswer, type Answer } from './early-requests';

export const REQUEST_TIMEOUT_MS = 10_000;
/** An export of 100 000 rows takes seconds on the server and longer over a slow line. */
export const EXPORT_TIMEOUT_MS = 180_000;
/** A report that reads every loan of the year (Pendapatan: 12–26 s at 100 000 customers on PGlite). */
export const REPORT_TIMEOUT_MS = 120_000;

/** A failed API call: HTTP status, the server's Indonesian message, and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResult<T> {
  data: T;
  message?: string;
  pagination?: Pagination;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  /** Longer than REQUEST_TIMEOUT_MS for a report that reads the whole book (Pendapatan, Penagihan). */
  timeoutMs?: number;
}

let onUnauthorized = () => {
  window.location.assign('/login');
};
/** Lets the app replace the hard redirect after a 401 (e.g. with the router's navigate). */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: Query) {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Calls the API (base /api) with the stored bearer token, a 10 s timeout and the envelope unwrapped. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const token = storage.getToken();
  const headers: Record<string, string> = { ...getHeaders(token), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let answer: Answer;
  try {
    const url = buildUrl(path, options.query);
    // A plain GET the app started before this page's code arrived (lib/early-requests.ts).
    const early = (options.method ?? 'GET') === 'GET' && !options.headers ? takeEarlyAnswer(url) : null;
    answer = await (early
      ? new Promise<Answer>((resolve, reject) => {
          early.then(resolve, reject);
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        })
      : fetch(url, { method: options.method ?? 'GET', headers, body, signal }).then(readAnswer));
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      throw new ApiError(0, 'Server tidak merespons. Periksa koneksi lalu coba lagi.');
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.');
  }

  const payload = answer.payload as
    { success: true; data: T; message?: string; meta?: { pagination?: Pagination } } | ApiFailure | null;

  if (!answer.ok || !payload || payload.success !== true) {
    if (answer.status === 401 && path !== '/auth/login') {
      storage.clear();
      console.warn('Session expired. Please login again.');
      onUnauthorized();
    }
    if (answer.status >= 500) console.error(`API ${answer.status} ${path}`, payload);
    const failure = payload && payload.success === false ? payload : null;
    throw new ApiError(answer.status, failure?.message ?? `Permintaan gagal (${answer.status})`, failure?.errors ?? []);
  }
  return { data: payload.data, message: payload.message, pagination: payload.meta?.pagination };
}

/**
 * Downloads a file the API makes (a PDF, an export) with the stored bearer token and hands it to the browser
 * as a download named as the server's Content-Disposition says (else `fallbackName`). Errors come
 * as ApiError with the server's Indonesian message, like apiRequest's.
 */
export async function apiDownload(
  path: string,
  query: Query | undefined,
  fallbackName: string,
  timeoutMs = 30_000,
  /**
   * Sent as a POST: a file the server answers about (an import's problems), or `true` for a POST
   * without a body (a download the server records, e.g. a receipt's print).
   */
  body?: FormData | true,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      ...(body === true ? { method: 'POST' } : body ? { method: 'POST', body } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError')
      throw new ApiError(0, 'Server tidak merespons. Periksa koneksi lalu coba lagi.');
    throw new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.');
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as ApiFailure | null;
    if (response.status === 401) {
      storage.clear();
      onUnauthorized();
    }
    throw new ApiError(response.status, failure?.message ?? `Permintaan gagal (${response.status})`, failure?.errors ?? []);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function parseEnvelope<T>(text: string): { success: true; data: T; message?: string } | ApiFailure | null {
  try {
    return JSON.parse(text) as { success: true; data: T; message?: string } | ApiFailure;
  } catch {
    return null;
  }
}

/**
 * Sends a file as multipart (POST) and reports how much of it has gone up (0–1): fetch cannot tell
 * upload progress, XMLHttpRequest can. The answer is unwrapped and its errors thrown as apiRequest's.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  options: { onProgress?: (sent: number) => void; onSent?: () => void; timeoutMs?: number } = {},
): Promise<ApiResult<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    const token = storage.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.timeout = options.timeoutMs ?? EXPORT_TIMEOUT_MS;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => options.onSent?.();
    xhr.ontimeout = () => reject(new ApiError(0, 'Server tidak merespons. Periksa koneksi lalu coba lagi.'));
    xhr.onerror = () => reject(new ApiError(0, 'Tidak dapat terhubung ke server. Periksa koneksi internet Anda.'));
    xhr.onload = () => {
      const payload = parseEnvelope<T>(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && payload && payload.success === true) {
        resolve({ data: payload.data, message: payload.message });
        return;
      }
      if (xhr.status === 401) {
        storage.clear();
        onUnauthorized();
      }
      const failure = payload && payload.success === false ? payload : null;
      reject(new ApiError(xhr.status, failure?.message ?? `Permintaan gagal (${xhr.status})`, failure?.errors ?? []));
    };
    xhr.send(body);
  });
}

/** The message to show for any error thrown by apiRequest, or a fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

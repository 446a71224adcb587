import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { http } from '../api/httpClient';

/** One scripted answer: a status, a body and headers. */
export interface FakeAnswer {
  /** HTTP status. */
  status: number;
  /** JSON body. */
  body?: unknown;
  /** Response headers (lower-case names). */
  headers?: Record<string, string>;
}

/** A request the fake server received. */
export interface FakeRequest {
  /** HTTP method, upper-case. */
  method: string;
  /** The path asked for. */
  url: string;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The query parameters. */
  params: Record<string, unknown>;
  /** The request headers. */
  headers: Record<string, unknown>;
}

type Handler =
  FakeAnswer | 'network-error' | ((request: FakeRequest) => FakeAnswer | 'network-error');

/**
 * Replaces the HTTP client's network with scripted answers, so tests exercise the real client,
 * its error mapping and its interceptors, and mock nothing but the wire.
 */
export class FakeServer {
  /** Every request received, in order. */
  readonly requests: FakeRequest[] = [];
  private readonly routes = new Map<string, Handler>();
  private readonly previous = http.defaults.adapter;

  constructor() {
    const adapter: AxiosAdapter = (config) => this.handle(config);
    http.defaults.adapter = adapter;
  }

  /** Scripts the answer of `METHOD /path` (the path without query). */
  on(method: string, path: string, handler: Handler): this {
    this.routes.set(`${method.toUpperCase()} ${path}`, handler);
    return this;
  }

  /** The requests made to one path. */
  calls(method: string, path: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method.toUpperCase() && r.url === path);
  }

  /** Puts the real network back. */
  restore(): void {
    http.defaults.adapter = this.previous;
  }

  private async handle(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const body =
      typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data;
    const request: FakeRequest = {
      method,
      url,
      body,
      params: (config.params as Record<string, unknown> | undefined) ?? {},
      headers: config.headers.toJSON() as Record<string, unknown>,
    };
    this.requests.push(request);
    const handler = this.routes.get(`${method} ${url}`);
    const answer = typeof handler === 'function' ? handler(request) : handler;
    // Let MobX reactions and React settle as they would around a real round trip.
    await Promise.resolve();
    if (answer === undefined) {
      throw new Error(`FakeServer: no answer scripted for ${method} ${url}`);
    }
    if (answer === 'network-error') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response: AxiosResponse = {
      status: answer.status,
      statusText: String(answer.status),
      data: answer.body ?? '',
      headers: answer.headers ?? {},
      config,
    };
    const valid = config.validateStatus
      ? config.validateStatus(answer.status)
      : answer.status < 300;
    if (valid) return response;
    // A browser hands a download's error answer over as a Blob, as it does its file.
    if (config.responseType === 'blob' && !(response.data instanceof Blob)) {
      response.data = new Blob([JSON.stringify(response.data)], { type: 'application/json' });
    }
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_RESPONSE,
      config,
      undefined,
      response,
    );
  }
}

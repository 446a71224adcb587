import type { StoredClientError } from './clientErrorRepository';

/** Sends stored reports on to a hosted error-reporting service. */
export interface ClientErrorForwarder {
  /** Sends one report and waits (a few seconds at most) until it has left. */
  forward(report: StoredClientError): Promise<void>;
  /** Sends what is still queued and stops. */
  close(): Promise<void>;
}

/** How long sending one report, or closing, may take. */
const SEND_TIMEOUT_MS = 5000;

/** What a forwarder is started with. */
export interface ForwarderOptions {
  /** The project's DSN; without one nothing is loaded and nothing is sent. */
  dsn: string | undefined;
  /** `production`, `development` or `test`: the environment the service files reports under. */
  environment: string;
}

/**
 * A forwarder to a service that speaks Sentry's protocol, through the maintained
 * `@sentry/node` client, or null without a DSN. The client is imported only here and only
 * when a DSN is set, so a server without one never loads it. It gets a client of its own,
 * with no integration: it instruments nothing in this process and reads no request; it only
 * sends the events built below, with the user's id and nothing else about the user.
 */
export async function createClientErrorForwarder(
  options: ForwarderOptions,
): Promise<ClientErrorForwarder | null> {
  if (!options.dsn) return null;
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport } = await import('@sentry/node');
  const client = new NodeClient({
    dsn: options.dsn,
    environment: options.environment,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
    sendClientReports: false,
  });
  client.init();
  return {
    async forward(report) {
      const scope = new Scope();
      scope.setClient(client);
      client.captureEvent(sentryEvent(report), undefined, scope);
      await client.flush(SEND_TIMEOUT_MS);
    },
    async close() {
      await client.close(SEND_TIMEOUT_MS);
    },
  };
}

/**
 * A stored report as a Sentry event: a warning as a message, anything else as an exception.
 * The browser's stack stays text in `extra` (it is a minified build's; the service can map
 * it with uploaded source maps, which this server does not have).
 */
function sentryEvent(report: StoredClientError) {
  const isWarning = report.kind === 'warning';
  return {
    level: isWarning ? ('warning' as const) : ('error' as const),
    platform: 'javascript',
    timestamp: report.createdAt.getTime() / 1000,
    release: report.release,
    ...(isWarning
      ? { message: report.message }
      : { exception: { values: [{ type: report.name || 'Error', value: report.message }] } }),
    ...(report.userId ? { user: { id: report.userId } } : {}),
    tags: { tenant: report.tenant, kind: report.kind, route: report.route },
    extra: {
      reportId: report.id,
      stack: report.stack,
      componentStack: report.componentStack,
      details: report.details,
      userAgent: report.userAgent,
    },
  };
}

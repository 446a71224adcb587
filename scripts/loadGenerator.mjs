// The load of a busy office, in a process of its own: autocannon against a URL with the given
// connections, duration, method, headers and body, printing one JSON line of figures. Run by
// the benchmarks as a child process, so the server measured has its cores to itself and the
// figures describe the server, not the load generator sharing its event loop.
// Usage: node scripts/loadGenerator.mjs '<json options>'
//   options: { url, method, connections, seconds, headers, body, requests }
//   `requests` (autocannon's): a sequence of { method, path, body } each connection sends in turn.
import { createRequire } from 'node:module';

const autocannon = createRequire(import.meta.url)('autocannon');

const options = JSON.parse(process.argv[2] ?? '{}');
if (typeof options.url !== 'string' || !options.url.startsWith('http://')) {
  process.stderr.write('loadGenerator: a url (http://...) is required\n');
  process.exit(2);
}

const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  connections: options.connections ?? 50,
  duration: options.seconds ?? 10,
  headers: options.headers ?? {},
  body: options.body,
  ...(Array.isArray(options.requests) ? { requests: options.requests } : {}),
});

process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    latencyAverage: result.latency.average,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);

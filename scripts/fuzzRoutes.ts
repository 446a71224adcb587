// Sends generated requests to every route of the app on a real database seeded with the demo
// (see server/testing/routeFuzz.ts) and prints each route's answers and the ten slowest; exits
// 1 on any 5xx, any answer that broke its kind's expectation, any change to Object.prototype,
// any error line, stack or secret in the log, or (with --max-ms) any answer slower than that.
// Usage: npm run fuzz:routes [-- --per-route N] [--seed N] [--only <substring of a URL>]
//   [--debug <error code>: print each request refused with that code] [--max-ms N]
import { fuzzRoutes, slowestLines } from '../server/testing/routeFuzz';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const perRoute = Number(option('per-route') ?? 1000);
const seed = Number(option('seed') ?? Date.now() % 1_000_000);
const only = option('only');
const maxMs = Number(option('max-ms') ?? Infinity);

console.log(`fuzz: ${perRoute} requests per route, seed ${seed}${only ? `, only ${only}` : ''}`);
const result = await fuzzRoutes({
  perRoute,
  seed,
  only,
  debugCode: option('debug'),
  report: (line) => console.log(line),
});
const { counts } = result;
console.log(
  `\n${result.routes} routes, ${result.requests} requests in ${result.seconds.toFixed(0)} s:` +
    ` 2xx ${counts['2xx']}, 3xx ${counts['3xx']}, 4xx ${counts['4xx']}, 5xx ${counts['5xx']};` +
    ` by kind ${Object.entries(result.kinds)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')}`,
);
console.log(`ten slowest answers:\n${slowestLines(result).join('\n')}`);
const problems: Array<[string, string[]]> = [
  ['5xx', result.failures],
  ['expectation broken', result.mismatches],
  ['built-ins changed', result.prototypeChanges],
  ['log error', result.errorLines],
  ['log secret', result.secretLines],
];
for (const [label, lines] of problems) {
  console.log(`${label}: ${lines.length}`);
  for (const line of lines.slice(0, 10)) console.log(`  ${line}`);
}
const tooSlow = (result.slowest[0]?.milliseconds ?? 0) > maxMs;
if (tooSlow) console.log(`an answer took longer than ${maxMs} ms`);
process.exitCode =
  counts['5xx'] > 0 || problems.some(([, lines]) => lines.length > 0) || tooSlow ? 1 : 0;

// Sends generated requests to every route of the app on a real database seeded with the demo
// (see server/testing/routeFuzz.ts) and prints each route's answers; exits 1 on any 5xx or any
// error line or stack in the log.
// Usage: npm run fuzz:routes [-- --per-route N] [--seed N] [--only <substring of a URL>]
//   [--debug <error code>: print each request refused with that code]
import { fuzzRoutes } from '../server/testing/routeFuzz';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const perRoute = Number(option('per-route') ?? 1000);
const seed = Number(option('seed') ?? Date.now() % 1_000_000);
const only = option('only');

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
    ` error lines in the log: ${result.errorLines.length}`,
);
for (const failure of result.failures) console.log(`  ${failure}`);
for (const line of result.errorLines.slice(0, 10)) console.log(`  log: ${line}`);
process.exitCode = counts['5xx'] > 0 || result.errorLines.length > 0 ? 1 : 0;

// The Node.js releases Tessera supports: the maintained long-term releases its dependencies
// support too (docs/decisions.md, "The runtime is Node.js 22 LTS or later"). package.json's
// `engines` says the same; tests/architecture/supplyChain.test.ts keeps the two and every
// production dependency's own range in step.
import semver from 'semver';

/** The supported Node.js versions, as a semver range. */
export const SUPPORTED_NODE = '^22.12.0 || >=24';

/**
 * A line for the operator when this runtime is outside the supported range (the server still
 * starts: refusing would stop a demo on a machine with an older Node), or undefined.
 */
export function unsupportedRuntimeNotice(
  version: string = process.versions.node,
): string | undefined {
  if (semver.satisfies(version, SUPPORTED_NODE)) return undefined;
  return (
    `Node.js ${version} is not a supported runtime (supported: ${SUPPORTED_NODE}); ` +
    'run Tessera on Node.js 22 LTS or later.'
  );
}

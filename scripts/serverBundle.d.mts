// Types of scripts/serverBundle.mjs, for the tests written in TypeScript.
import type { BuildOptions } from 'esbuild';

/** Packages the server's bundle leaves to Node. */
export const SERVER_EXTERNALS: readonly string[];

/** esbuild's options for bundling a server module as the server's own bundle is. */
export function serverBundleOptions(
  entryPoint: string,
  outfile: string,
  options?: { external?: readonly string[]; root?: string },
): BuildOptions;

// The supply chain as the lockfile fixes it: the runtime the project supports is one that
// every installed production dependency supports too (a package that says it needs a newer
// Node is a package that may break on ours, or warn at every start), and the packages with a
// security history stay on their fixed versions (docs/decisions.md).
import { existsSync, readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE } from '../../server/operator/runtimeSupport';
import { projectPath } from '../../server/paths';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  engines?: Record<string, string> | string[];
}

const manifest = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(projectPath('package-lock.json'), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

/** The lockfile's production packages that are installed here (platform bindings of other systems are not). */
function installedProductionPackages(): [string, LockEntry][] {
  return Object.entries(lock.packages).filter(
    ([path, entry]) => path !== '' && !entry.dev && existsSync(projectPath(path)),
  );
}

function lockedVersion(name: string): string {
  const version = lock.packages[`node_modules/${name}`]?.version;
  if (!version) throw new Error(`${name} is not in the lockfile`);
  return version;
}

describe('the runtime Tessera supports', () => {
  it('given package.json and the server, when their supported Node ranges are read, then they are the same range', () => {
    expect(manifest.engines.node).toBe(SUPPORTED_NODE);
  });

  it('given every installed production package, when its own engines range is read, then it covers every Node the project supports', () => {
    const narrower = installedProductionPackages().flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!range) return [];
      const covered = semver.validRange(range) !== null && semver.subset(SUPPORTED_NODE, range);
      return covered ? [] : [`${path.replace(/^.*node_modules\//, '')}@${entry.version}: ${range}`];
    });
    expect(narrower).toEqual([]);
  });
});

describe('packages with a security history', () => {
  it('given axios, when package.json names it, then it is one exact version', () => {
    expect(semver.valid(manifest.dependencies.axios)).not.toBeNull();
  });

  it('given SheetJS, when package.json names it, then it comes through the fixed alias', () => {
    expect(manifest.dependencies.xlsx).toMatch(/^npm:@e965\/xlsx@\d+\.\d+\.\d+$/);
  });

  it('given fabric and docxtemplater, when the lockfile resolves them, then they are at or above their fixed versions', () => {
    expect(semver.gte(lockedVersion('fabric'), '7.4.0')).toBe(true);
    expect(semver.gte(lockedVersion('docxtemplater'), '3.68.7')).toBe(true);
    expect(semver.minVersion(manifest.dependencies.fabric ?? '')?.version).toBe('7.4.0');
    expect(semver.minVersion(manifest.dependencies.docxtemplater ?? '')?.version).toBe('3.68.7');
  });
});

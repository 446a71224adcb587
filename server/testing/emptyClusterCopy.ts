import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectPath } from '../paths';

/** A private copy of a PGlite cluster, and the way to remove it. */
export interface ClusterCopy {
  /** The data folder to open: an initialised cluster nobody else uses. */
  dataDir: string;
  /** Deletes the folder; call after the database on it is closed. */
  remove(): Promise<void>;
}

const pgliteVersion = (
  JSON.parse(
    readFileSync(projectPath('node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string }
).version;

/** The empty cluster every copy comes from: one per PGlite version, kept between runs. */
const TEMPLATE_DIR = join(tmpdir(), `tessera-pglite-cluster-${pgliteVersion}`);

let template: Promise<string> | undefined;

/**
 * Makes the template once: initdb in a folder of its own, then a rename, which is atomic, so
 * test files starting side by side never see half a cluster; whoever renames second finds the
 * template there and drops its own.
 */
async function ensureTemplate(): Promise<string> {
  if (existsSync(join(TEMPLATE_DIR, 'PG_VERSION'))) return TEMPLATE_DIR;
  const building = await mkdtemp(`${TEMPLATE_DIR}-building-`);
  try {
    const cluster = await PGlite.create(building);
    await cluster.close();
    await rename(building, TEMPLATE_DIR);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    if (!existsSync(join(TEMPLATE_DIR, 'PG_VERSION'))) throw error;
  }
  return TEMPLATE_DIR;
}

/**
 * A fresh, empty PGlite cluster for one test database. Creating a cluster runs initdb, which
 * takes seconds, and tens of them on a busy two-core machine; copying one that was made
 * before takes a fraction of that, and every test file and end-to-end server opens one.
 */
export async function emptyClusterCopy(): Promise<ClusterCopy> {
  template ??= ensureTemplate();
  return clusterCopy(await template);
}

/** A private copy of the closed PGlite cluster in `source`. */
export async function clusterCopy(source: string): Promise<ClusterCopy> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tessera-test-db-'));
  await cp(source, dataDir, { recursive: true });
  return { dataDir, remove: () => rm(dataDir, { recursive: true, force: true }) };
}

import { prepareTestDatabases } from '../../server/testing/preparedDatabase';

/**
 * Vitest's global setup of the projects that start servers: the run's prepared database,
 * made once before the first test file, removed after the last (see `prepareTestDatabases`).
 */
export default function setup(): Promise<() => Promise<void>> {
  return prepareTestDatabases();
}

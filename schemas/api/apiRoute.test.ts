import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoute, routePatterns } from './apiRoute';

/** Every TypeScript source file under a folder, tests left out. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('apiRoute', () => {
  it('given a pattern with two parameters, when called, then each value fills its segment, encoded', () => {
    const route = apiRoute('/api/forms/:formId/versions/:version');
    expect(route('DSG-a/b c', 3)).toBe('/api/forms/DSG-a%2Fb%20c/versions/3');
    expect(route.pattern).toBe('/api/forms/:formId/versions/:version');
  });

  it('given a paths object, when its patterns are taken, then plain paths stay and routes give their pattern', () => {
    const paths = { list: '/api/tasks', one: apiRoute('/api/tasks/:taskId') } as const;
    expect(routePatterns(paths)).toEqual({ list: '/api/tasks', one: '/api/tasks/:taskId' });
  });

  it('given the client and the server, when their code is read, then no API path is written outside schemas/api', () => {
    const root = process.cwd();
    const files = [
      ...sources(join(root, 'src')),
      ...sources(join(root, 'server', 'routes')),
      ...sources(join(root, 'server', 'fastify')),
    ];
    const written = files.flatMap((file) =>
      (readFileSync(file, 'utf8').match(/['"`]\/(api|identity)\/[\w\-/:.]+['"`]/g) ?? []).map(
        (path) => `${relative(root, file)}: ${path}`,
      ),
    );
    expect(written).toEqual([]);
  });
});

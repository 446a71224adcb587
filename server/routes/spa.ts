import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import { sendError } from '../fastify/errorHandler';
import { isApiPath, isDevPath } from '../fastify/apiPaths';
import { definePlugin } from '../fastify/definePlugin';

/** Where the SPA build is. */
export interface SpaOptions {
  /** Folder of the Vite build (`dist/client`); nothing is served when it has no index.html. */
  clientDir: string;
}

/** True when the SPA should answer: a page navigation, not an API call or an asset. */
function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (isApiPath(request.url) || isDevPath(request.url)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA (never its source maps) and answers unknown routes. Hashed files
 * under /assets are cached for a year (`immutable`: their names change with their content);
 * index.html is `no-cache`, so a deploy is picked up at the next navigation. A page
 * navigation to any client route gets index.html (history fallback); everything else gets a
 * 404 `ErrorBody`.
 * Root-level (not encapsulated), because the not-found handler must cover every path.
 */
export const spaRoutes = definePlugin<SpaOptions>('tessera-spa', async (app, options) => {
  const hasBuild = existsSync(join(options.clientDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      wildcard: true,
      // `/` is a page navigation like any other: answer it with index.html, not a 403
      // for listing a folder.
      index: 'index.html',
      cacheControl: false,
      // Source maps would hand out the client's source to anyone; a build that still has
      // them (an older build, a debugging one) keeps them to itself.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith('.map'),
      setHeaders: (reply, filePath) => {
        const immutable = filePath.startsWith(join(options.clientDir, 'assets'));
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (hasBuild && wantsSpa(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, {
      statusCode: 404,
      code: ErrorCode.notFound,
      message: `No route for ${request.method} ${request.url.split('?')[0] ?? ''}.`,
    });
  });
});

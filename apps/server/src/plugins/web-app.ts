import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR } from '@aquasmart/domain';
import { errorBody } from './error-handler';
import { markRoutePublic } from './authenticate';

const API_PREFIXES = ['/api/', '/healthz'];

/**
 * Serves the built web app with a history fallback: any GET that is not an API path and not
 * a file answers index.html, so that deep links work. Unknown API paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    // In a scope of its own, so that its file routes are marked public (plugins/authenticate.ts).
    await app.register(async (files) => {
      files.addHook('onRoute', markRoutePublic);
      await files.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        setHeaders: (response, filePath) => {
          // Vite names assets by content hash: they never change, so they may be kept a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset (an old page asking for a file of a previous build) is a plain 404,
    // never index.html, which the browser would refuse as a script.
    const pathname = decodedPath(request.url);
    const isApi = [...API_PREFIXES, '/assets/'].some((prefix) => pathname.startsWith(prefix));
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage) {
      return reply.status(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`, { key: ERROR.notFound }));
    }
    if (!hasBuild) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run "npm run build" and restart.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(await fs.promises.readFile(indexFile));
  });
}

/**
 * The path with every layer of percent-encoding undone (`/%2561pi/v1/x` is `/api/v1/x`), normalised
 * and in lower case, so an API path spelled in any way gets the API's JSON 404, never the web app's page.
 */
function decodedPath(url: string): string {
  let pathname = url.split('?')[0];
  for (let layer = 0; layer < 5; layer++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      break;
    }
    if (decoded === pathname) break;
    pathname = decoded;
  }
  // `//api/v1/x`, `/api/v1/./x` and `/API/V1/x` are API paths too.
  return path.posix.normalize(pathname).toLowerCase();
}

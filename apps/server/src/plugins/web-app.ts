import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR, type TLanguage } from '@aquasmart/domain';
import { errorBody } from './error-handler';
import { markRoutePublic } from './authenticate';
import { loginLanguage, loginPageHtml } from './login-page';

const API_PREFIXES = ['/api/', '/healthz', '/readyz', '/metrics'];

/**
 * Serves the built web app with a history fallback: any GET that is not an API path and not
 * a file answers index.html, so that deep links work. Unknown API paths stay JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  // A robots file of its own, whether or not the web app is built: the history fallback below
  // answered /robots.txt with index.html. The portal is behind a login: nothing in it is for search
  // engines. `hide`: no part of the API's OpenAPI document, as the files of the build are not.
  // (A robots.txt in apps/web/public would clash with this route at start: keep it here.)
  await app.register(async (robots) => {
    robots.addHook('onRoute', markRoutePublic);
    robots.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('text/plain; charset=utf-8').send(ROBOTS_TXT),
    );
  });

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
        // The build writes a brotli and a gzip copy of each text file (apps/web/scripts/precompress.mjs):
        // sent as they are to a browser that accepts them, so no request pays for compression.
        preCompressed: true,
        // Our own cache-control below; the plugin's (`public, max-age=0`) would override it.
        cacheControl: false,
        setHeaders: (response, filePath) => {
          // Vite names assets by content hash: they never change, so they may be kept a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          response.setHeader('cache-control', immutable ? CACHE_IMMUTABLE : 'no-cache');
          response.setHeader('vary', 'accept-encoding');
        },
      });
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
  }

  const loginPages = new LoginPages();
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
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (pathname === '/login') {
      // The sign-in card painted before the JavaScript arrives, in the visitor's language (plugins/login-page.ts).
      const language = loginLanguage(request.headers.cookie, request.headers['accept-language']);
      const page = await loginPages.get(indexFile, language, encoding);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, accept-language, cookie').type('text/html; charset=utf-8').send(page);
    }
    // index.html (every page of the app): checked again on each visit, compressed as the build left it.
    const page = encoding ? await readIfExists(indexFile + ENCODING_EXTENSION[encoding]) : null;
    if (page && encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(page ?? (await fs.promises.readFile(indexFile)));
  });
}

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

/** The /login pages per language and encoding, made once per build of index.html (its mtime). */
class LoginPages {
  private made = new Map<string, Buffer>();
  private builtAt = 0;

  async get(indexFile: string, language: TLanguage, encoding: TEncoding | null): Promise<Buffer> {
    const { mtimeMs } = await fs.promises.stat(indexFile);
    if (mtimeMs !== this.builtAt) {
      this.made.clear();
      this.builtAt = mtimeMs;
    }
    const key = `${language}:${encoding ?? 'identity'}`;
    let page = this.made.get(key);
    if (!page) {
      const html = Buffer.from(loginPageHtml(await fs.promises.readFile(indexFile, 'utf8'), language));
      page = encoding === 'br' ? zlib.brotliCompressSync(html) : encoding === 'gzip' ? zlib.gzipSync(html) : html;
      this.made.set(key, page);
    }
    return page;
  }
}
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
const ENCODING_EXTENSION = { br: '.br', gzip: '.gz' } as const;
type TEncoding = keyof typeof ENCODING_EXTENSION;

/** brotli when the client takes it, else gzip, else null; `q=0` refuses, `*` takes both. */
export function preferredEncoding(header: string | string[] | undefined): TEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: TEncoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
  return best[0] ?? null;
}

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(file);
  } catch {
    return null;
  }
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

import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's headers with a CSP that allows only the app's own scripts (docs/architecture.md, "HTTP"). */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'style-src': ["'self'", "'unsafe-inline'"],
      // 'wasm-unsafe-eval' lets the label scanner compile its own ZXing .wasm (docs/field-work.md);
      // it allows WebAssembly only, not JavaScript's eval.
      'script-src': ["'self'", "'wasm-unsafe-eval'"],
      // The portal is often reached over plain HTTP on a local network; do not force https.
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * The headers helmet sets for `options`, worked out once: helmet's middleware runs against a
 * stand-in response that records them. Our options hold no per-request part (no nonce, no
 * directive computed from the request), so every answer gets the same headers.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return [...headers];
}

/**
 * Every answer (API, web app, 404, errors) carries the security headers, set on the raw response
 * at the start of the request as @fastify/helmet did, so a route may still replace one (the
 * product image's own CSP). @fastify/helmet 13 built helmet's middleware again for every request
 * (3 % of the server's CPU under the ingest benchmark); this builds it once per app.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = HELMET_OPTIONS): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

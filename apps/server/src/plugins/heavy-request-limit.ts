import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';
import { errorResponse } from '../lib/error-responses';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A report or label sheet: built and rendered for seconds; bounded by heavy-request-limit.ts. */
    heavy?: boolean;
  }
}

/**
 * A heavy request (a logbook report as JSON, PDF or CSV, issuing one, a label sheet: routes with
 * `config: { heavy: true }`) reads for seconds and renders on a worker thread. Each signed-in user
 * has at most `perUser` of them in flight and the server `total`; the next is refused at once with
 * 429 and Retry-After (docs/operations-limits.md, "Heavy reports"). Refused rather than queued: a
 * queue would hold the request and its connection while the answer may come too late to be useful.
 */
export interface THeavyRequestLimits {
  perUser: number;
  total: number;
  retryAfterSeconds: number;
}

export const HEAVY_REQUEST_LIMITS: THeavyRequestLimits = { perUser: 2, total: 8, retryAfterSeconds: 5 };

const RELEASE = Symbol('heavyRequestRelease');
type TLimitedRequest = FastifyRequest & { [RELEASE]?: () => void };

export function registerHeavyRequestLimit(app: FastifyInstance, limits: THeavyRequestLimits = HEAVY_REQUEST_LIMITS): void {
  const perUser = new Map<number, number>();
  let total = 0;
  const refuse = (key: string, message: string, max: number) =>
    new ApiError(429, key, message, undefined, { max }, { 'retry-after': String(limits.retryAfterSeconds) });

  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (route.config?.heavy && response && !response[429]) {
      response[429] = errorResponse(
        `errors.tooManyReports: the caller has ${limits.perUser} reports or label sheets in flight; errors.reportsBusy: the server has ${limits.total}; Retry-After says when to ask again`,
      );
    }
  });

  app.addHook('preHandler', async (request: TLimitedRequest) => {
    if (!request.user || !request.routeOptions.config.heavy) return;
    const userId = request.user.id;
    const mine = perUser.get(userId) ?? 0;
    if (mine >= limits.perUser) throw refuse(ERROR.tooManyReports, `At most ${limits.perUser} reports or label sheets per user at once; try again shortly`, limits.perUser);
    if (total >= limits.total) throw refuse(ERROR.reportsBusy, `The server makes at most ${limits.total} reports or label sheets at once; try again shortly`, limits.total);
    perUser.set(userId, mine + 1);
    total += 1;
    let released = false;
    request[RELEASE] = () => {
      if (released) return;
      released = true;
      total -= 1;
      const left = (perUser.get(userId) ?? 1) - 1;
      if (left > 0) perUser.set(userId, left);
      else perUser.delete(userId);
    };
  });
  // onSend: the handler's work is done (also for an error answer); onResponse: never left held. Not
  // onRequestAbort: the work goes on when the client leaves, so its place stays taken until it ends.
  app.addHook('onSend', async (request: TLimitedRequest) => {
    request[RELEASE]?.();
  });
  app.addHook('onResponse', async (request: TLimitedRequest) => {
    request[RELEASE]?.();
  });
}

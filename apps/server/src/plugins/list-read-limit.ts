import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodArray } from 'zod';
import { ERROR } from '@aquasmart/domain';
import { ApiError } from '../lib/api-error';
import { errorResponse } from '../lib/error-responses';

/**
 * One user cannot freeze the portal (docs/operations-limits.md "One user's reads").
 * A list read is a GET whose 200 answer is an array. Each signed-in user has at most
 * LIST_READS_IN_FLIGHT of them running; the next ones wait their turn (they hold no connection while
 * waiting), up to LIST_READS_WAITING; beyond that 429 `errors.tooManyListReads` with Retry-After.
 * On PGlite (one connection that blocks the event loop while it works) list reads also run one at a
 * time for the whole server, so the intake, /readyz and single-row requests wait behind at most one
 * list read, not behind every queued one.
 */
export const LIST_READS_IN_FLIGHT = 2;
export const LIST_READS_WAITING = 6;
export const LIST_READ_RETRY_AFTER_SECONDS = 2;

class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  get load(): number {
    return this.running + this.queue.length;
  }
  enter(): Promise<void> {
    if (this.running < this.limit) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }
  leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}

const RELEASE = Symbol('listReadRelease');
type TLimitedRequest = FastifyRequest & { [RELEASE]?: () => void };

function answersList(method: string | string[], schema: { response?: unknown } | undefined): boolean {
  if (method !== 'GET') return false;
  return (schema?.response as Record<string, unknown> | undefined)?.[200] instanceof ZodArray;
}

function isListRead(request: FastifyRequest): boolean {
  return answersList(request.method, request.routeOptions.schema);
}

const TOO_MANY_LIST_READS = errorResponse(
  `errors.tooManyListReads: the caller has ${LIST_READS_IN_FLIGHT} list reads running and ${LIST_READS_WAITING} waiting; Retry-After says when to ask again`,
);

export function registerListReadLimit(app: FastifyInstance, options: { serializeGlobally: boolean }): void {
  const perUser = new Map<number, Gate>();
  const global = options.serializeGlobally ? new Gate(1) : null;

  // Every list read may be answered 429: the OpenAPI document says so (registered before the routes).
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (response && answersList(route.method, route.schema) && !response[429]) response[429] = TOO_MANY_LIST_READS;
  });

  app.addHook('preHandler', async (request: TLimitedRequest) => {
    if (!request.user || !isListRead(request)) return;
    const userId = request.user.id;
    let gate = perUser.get(userId);
    if (!gate) {
      gate = new Gate(LIST_READS_IN_FLIGHT);
      perUser.set(userId, gate);
    }
    if (gate.load >= LIST_READS_IN_FLIGHT + LIST_READS_WAITING) {
      throw new ApiError(
        429,
        ERROR.tooManyListReads,
        `At most ${LIST_READS_IN_FLIGHT} list reads per user run at once (${LIST_READS_WAITING} more wait); try again shortly`,
        undefined,
        undefined,
        { 'retry-after': String(LIST_READ_RETRY_AFTER_SECONDS) },
      );
    }
    const userGate = gate;
    await userGate.enter();
    if (global) await global.enter();
    let released = false;
    request[RELEASE] = () => {
      if (released) return;
      released = true;
      global?.leave();
      userGate.leave();
      if (userGate.load === 0) perUser.delete(userId);
    };
  });
  // onSend: the handler's work is done (also for an error answer); onResponse/onRequestAbort: never left held.
  app.addHook('onSend', async (request: TLimitedRequest) => {
    request[RELEASE]?.();
  });
  app.addHook('onResponse', async (request: TLimitedRequest) => {
    request[RELEASE]?.();
  });
  app.addHook('onRequestAbort', async (request: TLimitedRequest) => {
    request[RELEASE]?.();
  });
}

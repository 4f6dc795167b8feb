import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ERROR } from '@aquasmart/domain';
import { registerErrorHandler } from './error-handler';
import { LIST_READ_RETRY_AFTER_SECONDS, LIST_READS_IN_FLIGHT, LIST_READS_WAITING, registerListReadLimit } from './list-read-limit';
import { useTestContext } from '../test/test-app';
import { UNPAGED_MAX_ROWS } from '../modules/devices/device-repository';
import type { TAuthUser } from '../identity/auth-user';

/** The mechanics, on a small app whose list route waits until the test lets it finish. */
describe.each([false, true])('list reads per user (serialized globally: %s)', (serializeGlobally) => {
  let app: FastifyInstance;
  let running = 0;
  let most = 0;
  let finish: () => void = () => undefined;
  let finished = new Promise<void>((resolve) => (finish = resolve));

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    app.addHook('onRequest', async (request) => {
      request.user = { id: Number(request.headers['x-user']) } as TAuthUser;
    });
    registerListReadLimit(app, { serializeGlobally });
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get('/list', { schema: { response: { 200: z.array(z.number()) } } }, async () => {
      running += 1;
      most = Math.max(most, running);
      await finished;
      running -= 1;
      return [1];
    });
    routes.get('/one', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => app.close());

  it(`runs ${LIST_READS_IN_FLIGHT} of one user's list reads, lets ${LIST_READS_WAITING} wait and answers the rest 429 with Retry-After`, async () => {
    const asks = Array.from({ length: 14 }, () => app.inject({ method: 'GET', url: '/list', headers: { 'x-user': '1' } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Another user's list read and the same user's one-row read are not held by user 1's lists.
    const other = app.inject({ method: 'GET', url: '/list', headers: { 'x-user': '2' } });
    const one = await app.inject({ method: 'GET', url: '/one', headers: { 'x-user': '1' } });
    expect(one.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running).toBe(serializeGlobally ? 1 : LIST_READS_IN_FLIGHT + 1);
    finish();
    const answers = await Promise.all(asks);
    expect((await other).statusCode).toBe(200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(LIST_READS_IN_FLIGHT + LIST_READS_WAITING);
    expect(refused).toHaveLength(14 - LIST_READS_IN_FLIGHT - LIST_READS_WAITING);
    expect(refused[0].json()).toMatchObject({ statusCode: 429, key: ERROR.tooManyListReads });
    expect(refused[0].headers['retry-after']).toBe(String(LIST_READ_RETRY_AFTER_SECONDS));
    expect(most).toBe(serializeGlobally ? 1 : LIST_READS_IN_FLIGHT + 1);
    // Every place is given back: a new round runs again.
    finished = new Promise<void>((resolve) => (finish = resolve));
    finish();
    const again = await Promise.all(Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/list', headers: { 'x-user': '1' } })));
    expect(again.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
  });
});

/** On the real app (PGlite here, PostgreSQL with TEST_DATABASE_URL). */
describe('the portal while one user asks for many lists', () => {
  const ctx = useTestContext({ reset: 'never' });

  it('answers the surplus 429 errors.tooManyListReads, and another user and /readyz meanwhile', async () => {
    const { heavy, other } = await ctx.signedInUsers({ heavy: { administrator: true }, other: { administrator: true } });
    // On PostgreSQL the reads are held by a lock on the node table, taken by a connection of the test's
    // own, so that all twelve are in the gate at once however fast the machine answers (an empty table's
    // reads once ended before the last ones came, and nothing was refused); on PGlite they queue on its
    // one connection anyway.
    const holder = ctx.database.url ? new pg.Client({ connectionString: ctx.database.url }) : null;
    if (holder) {
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE devices IN ACCESS EXCLUSIVE MODE');
    }
    try {
      let settled = 0;
      const asks = Array.from({ length: 12 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/v1/devices?sort=-temperature3', headers: { 'x-access-token': heavy } }).then((answer) => {
          settled += 1;
          return answer;
        }),
      );
      const surplus = 12 - LIST_READS_IN_FLIGHT - LIST_READS_WAITING;
      // The surplus is refused at once, while the others wait behind the lock.
      if (holder) await vi.waitFor(() => expect(settled).toBe(surplus), { timeout: 10_000 });
      const health = await ctx.app.inject({ method: 'GET', url: '/readyz' });
      expect(health.statusCode).toBe(200);
      const otherList = ctx.app.inject({ method: 'GET', url: '/api/v1/customers', headers: { 'x-access-token': other } });
      if (holder) await holder.query('ROLLBACK');
      expect((await otherList).statusCode).toBe(200);
      const statuses = (await Promise.all(asks)).map((answer) => answer.statusCode);
      if (holder) expect(statuses.filter((status) => status === 429)).toHaveLength(surplus);
      else expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((status) => status !== 429 && status !== 200)).toEqual([]);
    } finally {
      await holder?.end();
    }
  });

  it(`caps an unpaged node list at ${UNPAGED_MAX_ROWS} rows: more is 400 errors.listTooLarge, a page still answers`, async () => {
    await ctx.database.exec(
      `INSERT INTO devices (eui, type) SELECT lpad(to_hex(n), 16, '0'), 'V2' FROM generate_series(1, ${UNPAGED_MAX_ROWS + 1}) AS n`,
    );
    const token = await ctx.tokenFor('heavy@example.com');
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/v1/devices', headers: { 'x-access-token': token } });
    expect(whole.statusCode).toBe(400);
    expect(whole.json()).toMatchObject({ key: ERROR.listTooLarge, params: { max: UNPAGED_MAX_ROWS } });
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/devices?page=1&limit=10', headers: { 'x-access-token': token } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe(String(UNPAGED_MAX_ROWS + 1));
    await ctx.database.exec('DELETE FROM devices');
  });
});

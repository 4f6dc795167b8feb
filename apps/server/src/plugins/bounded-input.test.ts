import { describe, expect, it } from 'vitest';
import { ERROR } from '@aquasmart/domain';
import { useTestContext } from '../test/test-app';
import { MAX_JSON_DEPTH } from './json-body';

/** Issue 21 item 8: input nested without end is a 400, before anything walks it. */
describe('deeply nested JSON', () => {
  const lines: string[] = [];
  const ctx = useTestContext({ logStream: { write: (line: string) => void lines.push(line) } });

  it.each([
    ['100,000 nested [', '['.repeat(100_000)],
    ['100,000 nested arrays, closed', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['100,000 nested { "a":', '{"a":'.repeat(100_000)],
    [`${MAX_JSON_DEPTH + 1} levels, closed`, '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1)],
  ])('%s to POST /auth -> 400 errors.badRequest, no stack in the log', async (_name, body) => {
    lines.length = 0;
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload: body });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, key: ERROR.badRequest });
    const log = lines.join('');
    expect(log).not.toContain('RangeError');
    expect(log).not.toContain('"stack"');
  });

  it(`${MAX_JSON_DEPTH} levels, with brackets inside strings, still parse`, async () => {
    const body = '['.repeat(MAX_JSON_DEPTH - 1) + '{"a":"[[[[{{{{\\"]]"}' + ']'.repeat(MAX_JSON_DEPTH - 1);
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth', headers: { 'content-type': 'application/json' }, payload: body });
    expect(answer.statusCode).not.toBe(500);
    expect(answer.json<{ message: string }>().message).not.toMatch(/nested/);
  });
});

/** Issue 21 item 9: what the request log line holds. */
describe('the request log line', () => {
  const lines: string[] = [];
  const ctx = useTestContext({ logStream: { write: (line: string) => void lines.push(line) } });

  it('has no query string and no e-mail address of a path', async () => {
    lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/api/v1/users/piet.geheim%40example.com?conditions=%7B%22name%22%3A%22Zoekterm%22%7D' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/users/piet.geheim@example.com' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/devices?search=Zoekterm' });
    const requests = lines.filter((line) => line.includes('"msg":"request"'));
    expect(requests).toHaveLength(3);
    const log = requests.join('\n');
    expect(log).not.toMatch(/geheim|Zoekterm|conditions|search/);
    expect(log).toContain('"url":"/api/v1/users/{email}"');
    expect(log).toContain('"url":"/api/v1/devices"');
  });
});

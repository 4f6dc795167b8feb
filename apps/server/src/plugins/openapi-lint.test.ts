import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-app';

const ctx = useTestContext({ reset: 'never' });
/** The pinned Redocly CLI (root package.json), run by the Node that runs the tests. */
const REDOCLY = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/**
 * The three findings of the recommended rules that are right as they are, each with its reason
 * (Redocly's ignore file: the API file's name, the rule, the places):
 * - info-license-strict wants a link to the licence text: the API is proprietary (`license.name`),
 *   there is no public text to link to.
 * - operation-4xx-response: /healthz answers 200 and /readyz 200 or 503, nothing else, whatever they are sent.
 * - operation-2xx-response: the two browser steps of single sign-on (docs/sso.md) answer with a
 *   redirect (302) only, a refusal too (to /login with its message key): there is no 2xx to declare.
 */
const IGNORED = `openapi.json:
  info-license-strict:
    - '#/info/license/url'
  operation-4xx-response:
    - '#/paths/~1healthz/get/responses'
    - '#/paths/~1readyz/get/responses'
  operation-2xx-response:
    - '#/paths/~1api~1v1~1auth~1sso~1{id}~1start/get/responses'
    - '#/paths/~1api~1v1~1auth~1sso~1callback/get/responses'
`;

interface TLintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
}

interface TDocument {
  paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: Record<string, { schema: { type?: string } }> }> }>>;
}

describe('the OpenAPI document (/api/docs/json)', () => {
  it("passes Redocly's recommended rules", { timeout: 60_000 }, async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-openapi-'));
    try {
      fs.writeFileSync(path.join(dir, 'openapi.json'), response.body);
      fs.writeFileSync(path.join(dir, '.redocly.lint-ignore.yaml'), IGNORED);
      const lint = spawnSync(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', 'openapi.json'], {
        cwd: dir,
        encoding: 'utf8',
        // No usage report sent and no version check: the test runs offline.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      });
      const report = JSON.parse(lint.stdout) as TLintReport;
      const problems = report.problems.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 5 });
      expect(lint.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('declares 429 errors.tooManyListReads on every list read, and errors.listTooLarge on the unpaged node list', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<TDocument>();
    const listReads = Object.entries(document.paths).filter(([, operations]) => operations.get?.responses['200']?.content?.['application/json']?.schema.type === 'array');
    expect(listReads.length).toBeGreaterThan(20);
    for (const [url, operations] of listReads) expect(operations.get.responses['429']?.description, url).toContain('errors.tooManyListReads');
    expect(document.paths['/api/v1/customers/{customer}'].get.responses['429']).toBeUndefined();
    expect(document.paths['/api/v1/devices'].get.responses['400'].description).toContain('errors.listTooLarge');
    expect(Object.keys(document.paths['/api/v1/products/{product}/image'].get.responses['200'].content ?? {})).toEqual(['image/png', 'image/jpeg', 'image/webp']);
  });
});

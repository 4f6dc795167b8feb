import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The `npm run` commands README.md and docs/*.md tell a reader to type (issue 44: a newcomer
 * following the README word by word). Every one names a script that exists, and every one that
 * takes `--help` answers it with its options, exit 0 and no stack trace. Database-free and cheap:
 * `--help` returns before any script opens a database or starts a server.
 */
const ROOT = path.resolve(__dirname, '../../..');

/** Scripts that print their options for `--help`. */
const WITH_HELP = ['admin:reset-password', 'bench:api', 'bench:events', 'bench:export', 'bench:ingest', 'bench:pdf', 'check:copies', 'seed:scale', 'simulate', 'soak'];
/** Another name of a script above (`bench` is `bench:ingest`): checked by its text, not run again. */
const ALIASES: Record<string, string> = { bench: 'bench:ingest' };
/** Scripts that take no options: `--help` would run them (build, start a server, run the tests, write docs). */
const WITHOUT_HELP = ['build', 'check:deps', 'check:lock', 'dev', 'docs:platforms-schema', 'docs:rights', 'docs:webhooks-schema', 'lint', 'test', 'typecheck'];

function documents(): { file: string; text: string }[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.map((name) => `docs/${name}`)].map((file) => ({ file, text: fs.readFileSync(path.join(ROOT, file), 'utf8') }));
}

/** Each `npm run <script>` of the documents, with the workspace it names (`-w apps/server`), if any. */
function documentedScripts(): Map<string, { workspace: string | null; files: Set<string> }> {
  const found = new Map<string, { workspace: string | null; files: Set<string> }>();
  for (const { file, text } of documents()) {
    for (const match of text.matchAll(/npm run ([a-z][\w:-]*)(?:\s+(?:-w|--workspace)\s+(\S+?)\b[`\s])?/g)) {
      const workspace = match[2] ?? null;
      const key = workspace ? `${match[1]} -w ${workspace}` : match[1];
      const entry = found.get(key) ?? { workspace, files: new Set<string>() };
      entry.files.add(file);
      found.set(key, entry);
    }
  }
  return found;
}

function scriptsOf(packageDir: string): Record<string, string> {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, packageDir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
}

function runHelp(script: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', '--help'], { cwd: ROOT, timeout: 45_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

describe('the npm scripts the README and docs/ name', () => {
  const documented = documentedScripts();

  it('each exists in the package.json it is run from', () => {
    const missing = [...documented].filter(([key, { workspace }]) => !(key.split(' ')[0] in scriptsOf(workspace ?? '.')));
    expect(missing.map(([key, { files }]) => `npm run ${key} (${[...files].join(', ')})`)).toEqual([]);
    expect(documented.size).toBeGreaterThan(10);
  });

  it('each root script is listed here as taking --help or not (a new one needs a decision)', () => {
    const rootScripts = [...documented].filter(([, { workspace }]) => workspace === null).map(([key]) => key);
    expect(rootScripts.filter((script) => !WITH_HELP.includes(script) && !WITHOUT_HELP.includes(script) && !(script in ALIASES))).toEqual([]);
    for (const [alias, script] of Object.entries(ALIASES)) expect(scriptsOf('.')[alias]).toBe(`npm run ${script} --`);
  });

  it('every one that takes --help prints its options: exit 0, no stack trace', { timeout: 90_000 }, async () => {
    // Side by side: each is a Node start through tsx importing its modules, about 3 s of CPU
    // (bench:api 5 s), so about 16 s on two quiet cores; twice that while other work runs.
    const results = await Promise.all(WITH_HELP.map(async (script) => ({ script, ...(await runHelp(script)) })));
    for (const { script, code, output } of results) {
      expect({ script, code }).toEqual({ script, code: 0 });
      expect(output, script).toMatch(/--[a-z]|npm run/);
      expect(output, script).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      expect(output, script).not.toMatch(/ERR_[A-Z_]+/);
    }
  });
});

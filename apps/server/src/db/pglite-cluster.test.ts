import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { ensurePgliteCluster } from './pglite-cluster';

describe('ensurePgliteCluster', () => {
  const made: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aquasmart-cluster-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates a cluster in an empty folder that PGlite then opens, and leaves no building folder (nor one of an earlier cut start)', async () => {
    const parent = folder();
    const dir = path.join(parent, 'pglite');
    fs.mkdirSync(dir);
    // Left by a first start that was killed half-way.
    fs.mkdirSync(path.join(parent, 'pglite.initdb-12345'));
    fs.writeFileSync(path.join(parent, 'pglite.initdb-12345', 'PG_VERSION'), '17\n');
    await ensurePgliteCluster(dir);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(parent)).toEqual(['pglite']);
    const db = new PGlite(dir);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await db.close();
  });

  it('leaves an existing cluster alone', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
    await ensurePgliteCluster(dir);
    expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);
  });

  it('refuses a folder with other files in it and touches none of them', async () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    await expect(ensurePgliteCluster(dir)).rejects.toThrow(/holds files but no embedded database/);
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('mine');
  });
});

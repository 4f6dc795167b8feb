import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './locks';

describe('advisory lock ids', () => {
  it('no two jobs share one', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the logbook days' id is the one migration 0013's trigger takes", () => {
    const trigger = fs.readFileSync(path.join(__dirname, 'migrations/0013_logbook_days.sql'), 'utf8');
    expect(trigger).toContain(`pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.logbookDays})`);
  });

  it('no server file takes a lock by a number of its own', () => {
    const files = fs.readdirSync(path.join(__dirname, '..'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('locks.ts'));
    const literal = /advisory_(?:xact_)?lock(?:_shared)?\(\s*\d/;
    const offenders = files.filter((file) => literal.test(fs.readFileSync(path.join(__dirname, '..', file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

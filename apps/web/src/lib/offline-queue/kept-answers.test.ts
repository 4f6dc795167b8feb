import { describe, expect, it } from 'vitest';
import { forgetKeptAnswers, KeptAnswers, tokenHash } from './kept-answers';
import { memoryRecords } from './idb-store';

const DAY = 24 * 60 * 60_000;

/** A cache on a memory store with a clock the test moves. */
function cache(options: { maxGroups?: number; maxAgeMs?: number } = {}) {
  let now = new Date('2026-11-29T08:00:00Z');
  const store = memoryRecords<never>();
  const kept = new KeptAnswers<string, string, { email: string }>({ store, maxGroups: options.maxGroups ?? 3, maxAgeMs: options.maxAgeMs ?? 7 * DAY, now: () => now });
  return {
    kept,
    store,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
  };
}

describe('answers kept on the device', () => {
  it('finds an item with its group and the times they were kept', async () => {
    const { kept, advance } = cache();
    await kept.keep('ann@x.nl', 'A', { data: 'plans A', items: { '1': 'outlet 1', '2': 'outlet 2' } });
    advance(60_000);
    await kept.keep('ann@x.nl', 'A', { items: { '2': 'outlet 2 again' } });
    expect(await kept.find('ann@x.nl', '1')).toEqual({ group: 'A', item: { value: 'outlet 1', keptAt: '2026-11-29T08:00:00.000Z' }, data: { value: 'plans A', keptAt: '2026-11-29T08:00:00.000Z' } });
    expect((await kept.find('ann@x.nl', '2'))?.item).toEqual({ value: 'outlet 2 again', keptAt: '2026-11-29T08:01:00.000Z' });
    expect(await kept.find('ann@x.nl', '3')).toBeNull();
    expect(await kept.findData('ann@x.nl', 'A')).toEqual({ value: 'plans A', keptAt: '2026-11-29T08:00:00.000Z' });
  });

  it('a full list read again replaces the items: one gone from it is gone here', async () => {
    const { kept } = cache();
    await kept.keep('ann@x.nl', 'A', { items: { '1': 'one', '2': 'two' }, replaceItems: true });
    await kept.keep('ann@x.nl', 'A', { items: { '2': 'two' }, replaceItems: true });
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.find('ann@x.nl', '2')).not.toBeNull();
  });

  it('belongs to its owner: another user finds nothing, and keeping for them removes the first user\'s answers', async () => {
    const { kept, store } = cache();
    await kept.keep('ann@x.nl', 'A', { data: 'plans', items: { '1': 'one' } });
    await kept.keepSession('ann@x.nl', 'hash-ann', { email: 'ann@x.nl' });
    expect(await kept.find('bob@x.nl', '1')).toBeNull();
    expect(await kept.findData('bob@x.nl', 'A')).toBeNull();
    await kept.keep('bob@x.nl', 'B', { items: { '9': 'nine' } });
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.findSession('hash-ann')).toBeNull();
    expect([...store.records.values()].every((record) => (record as { owner: string }).owner === 'bob@x.nl')).toBe(true);
  });

  it('keeps at most maxGroups groups, the least recently kept dropped first', async () => {
    const { kept, store, advance } = cache({ maxGroups: 2 });
    for (const group of ['A', 'B', 'C']) {
      await kept.keep('ann@x.nl', group, { data: `plans ${group}`, items: { [`${group}1`]: `outlet of ${group}` } });
      advance(1000);
    }
    expect(await kept.find('ann@x.nl', 'A1')).toBeNull();
    expect(await kept.findData('ann@x.nl', 'A')).toBeNull();
    expect(await kept.find('ann@x.nl', 'B1')).not.toBeNull();
    // B kept again moves to the front: D then drops C.
    await kept.keep('ann@x.nl', 'B', { items: { B2: 'another' } });
    await kept.keep('ann@x.nl', 'D', { items: { D1: 'd' } });
    expect(await kept.find('ann@x.nl', 'C1')).toBeNull();
    expect(await kept.find('ann@x.nl', 'B1')).not.toBeNull();
    expect(store.records.size).toBe(3); // two groups and the index
  });

  it('an answer older than maxAgeMs is not shown, and goes at the next write', async () => {
    const { kept, store, advance } = cache({ maxAgeMs: 7 * DAY });
    await kept.keep('ann@x.nl', 'A', { data: 'plans', items: { '1': 'one' } });
    await kept.keepSession('ann@x.nl', 'hash', { email: 'ann@x.nl' });
    advance(7 * DAY);
    expect(await kept.find('ann@x.nl', '1')).not.toBeNull(); // seven days to the minute: still shown
    advance(60_000);
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.findData('ann@x.nl', 'A')).toBeNull();
    expect(await kept.findSession('hash')).toBeNull();
    await kept.keep('ann@x.nl', 'B', { items: { '2': 'two' } });
    expect([...store.records.keys()].some((id) => id.endsWith('\u001fA'))).toBe(false);
  });

  it('an item kept later in an old group lives on; the old items of the group do not', async () => {
    const { kept, advance } = cache();
    await kept.keep('ann@x.nl', 'A', { data: 'plans', items: { '1': 'one' } });
    advance(6 * DAY);
    await kept.keep('ann@x.nl', 'A', { items: { '2': 'two' } });
    advance(2 * DAY);
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.find('ann@x.nl', '2')).toMatchObject({ item: { value: 'two' }, data: null });
  });

  it('forget removes one item (the server answered 404 or 403)', async () => {
    const { kept } = cache();
    await kept.keep('ann@x.nl', 'A', { items: { '1': 'one', '2': 'two' } });
    await kept.forget('ann@x.nl', '1');
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.find('ann@x.nl', '2')).not.toBeNull();
  });

  it('the session\'s user is found by the hash of its own token only', async () => {
    const { kept } = cache();
    const hash = await tokenHash('token-1');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('token');
    await kept.keepSession('ann@x.nl', hash!, { email: 'ann@x.nl' });
    expect(await kept.findSession(hash!)).toMatchObject({ owner: 'ann@x.nl', value: { email: 'ann@x.nl' } });
    expect(await kept.findSession((await tokenHash('token-2'))!)).toBeNull();
  });

  it('the sign-out forgets everything kept, of every cache', async () => {
    const { kept, store } = cache();
    await kept.keep('ann@x.nl', 'A', { data: 'plans', items: { '1': 'one' } });
    await kept.keepSession('ann@x.nl', 'hash', { email: 'ann@x.nl' });
    await forgetKeptAnswers();
    expect(store.records.size).toBe(0);
    expect(await kept.find('ann@x.nl', '1')).toBeNull();
    expect(await kept.findSession('hash')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { createConcurrencyGate } from './concurrency-gate';

describe('createConcurrencyGate', () => {
  it('runs at most the limit at once, the rest in arrival order, and frees its place on failure', async () => {
    const gate = createConcurrencyGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (id: number, fail = false) =>
      gate(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        order.push(id);
        if (fail) throw new Error(`job ${id}`);
        return id;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await gate(async () => 'after')).toBe('after');
  });
});

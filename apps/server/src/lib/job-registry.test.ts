import { describe, expect, it } from 'vitest';
import { JobRegistry, type TBackgroundJob } from './job-registry';

function recordingJobs(names: string[], calls: string[], failingStop?: string): TBackgroundJob[] {
  return names.map((name) => ({
    name,
    intervals: {},
    lease: 'none',
    start: async () => {
      calls.push(`start ${name}`);
    },
    stop: async () => {
      calls.push(`stop ${name}`);
      if (name === failingStop) throw new Error(`${name} would not stop`);
    },
  }));
}

describe('JobRegistry', () => {
  it('starts in the order listed and stops in the reverse order', async () => {
    const calls: string[] = [];
    const registry = new JobRegistry(recordingJobs(['intake', 'mailer', 'notifier'], calls));
    await registry.start();
    await registry.stop();
    expect(calls).toEqual(['start intake', 'start mailer', 'start notifier', 'stop notifier', 'stop mailer', 'stop intake']);
  });

  it('stops the other jobs when one fails to stop, then throws its error', async () => {
    const calls: string[] = [];
    const registry = new JobRegistry(recordingJobs(['intake', 'mailer', 'notifier'], calls, 'mailer'));
    await expect(registry.stop()).rejects.toThrow('mailer would not stop');
    expect(calls).toEqual(['stop notifier', 'stop mailer', 'stop intake']);
  });

  it('waits for each start before the next', async () => {
    const calls: string[] = [];
    const slow: TBackgroundJob = {
      name: 'feed',
      intervals: {},
      lease: 'none',
      start: () => new Promise<void>((resolve) => setTimeout(() => (calls.push('feed listening'), resolve()), 20)),
      stop: async () => undefined,
    };
    await new JobRegistry([slow, ...recordingJobs(['refresher'], calls)]).start();
    expect(calls).toEqual(['feed listening', 'start refresher']);
  });
});

import { test as base, type TestInfo, type WorkerInfo } from '@playwright/test';
import { portalPorts } from '../playwright.config';

/**
 * Every spec and helper imports Playwright from here: the same API, with `baseURL` (and so `page`,
 * `context` and `request`) pointing at the portal of the test's worker (playwright.config.ts). At
 * most one worker has a given parallelIndex at a time, so each portal serves one spec file at a time.
 */
export * from '@playwright/test';

/** The ports of the portal the current test (or hook) runs against. */
export function portal(info: Pick<TestInfo | WorkerInfo, 'parallelIndex'> = base.info()) {
  return portalPorts(info.parallelIndex);
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(portal(testInfo).url);
  },
});

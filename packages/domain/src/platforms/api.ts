import { z } from 'zod';
import { PLATFORM_PROBLEMS } from './platform-problems';

/** The delivery state of a place's endpoint (GET .../platform, docs/platforms.md "State"). */
export const PLATFORM_STATES = ['none', 'delivering', 'retrying', 'parked'] as const;
export type TPlatformStateName = (typeof PLATFORM_STATES)[number];

export const ZPlatformState = z.object({
  /** none: the place has no platform of its own (a location that follows its customer: see `via`). */
  state: z.enum(PLATFORM_STATES),
  platform: z.string().nullable(),
  /** Where the items go: the URL (LegionellaDossier: LEGIONELLADOSSIER_URL), null when unknown. */
  url: z.string().nullable(),
  /** A location that follows its customer: the customer whose endpoint it uses. */
  via: z.string().nullable(),
  /** Why the endpoint cannot deliver as it is set up now (no address, no token, LEGIONELLADOSSIER_URL); null when it can. */
  problem: z.enum(PLATFORM_PROBLEMS).nullable(),
  lastDeliveredAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.number().int(),
  delivered: z.number().int(),
  backlog: z.number().int(),
  /** When the oldest item still waiting was written; null without a backlog. */
  waitingSince: z.string().nullable(),
  /** Items dropped undelivered after PLATFORM_BACKLOG_DAYS days. */
  dropped: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** The first bytes of the last failed answer. */
  lastAnswer: z.string().nullable(),
  /** N: at most one request every N seconds (PLATFORM_BATCH_INTERVAL). */
  batchSeconds: z.number().int(),
});
export type TPlatformState = z.infer<typeof ZPlatformState>;

/** The answer of a test delivery: what the receiver said. */
export const ZPlatformTestResult = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The endpoint is not set up to deliver: `error` says it in English, this is its text key. */
  problem: z.enum(PLATFORM_PROBLEMS).nullable(),
  answer: z.string().nullable(),
  durationMs: z.number().int(),
});
export type TPlatformTestResult = z.infer<typeof ZPlatformTestResult>;

/** Delivery rules of the platform outbox (docs/platforms.md, "Delivery"): pure, so both sides and the tests share them. */

/** Default N: at most one request per endpoint every N seconds. */
export const DEFAULT_PLATFORM_BATCH_SECONDS = 60;
/** Items in one request at most; a larger backlog goes out over the next requests. */
export const PLATFORM_BATCH_ITEMS = 1000;
/** An item not delivered within this many days is dropped (counted on its endpoint): a stopped endpoint cannot grow without end. */
export const PLATFORM_BACKLOG_DAYS = 30;
/** The longest wait between two tries of a failing endpoint. */
export const PLATFORM_MAX_BACKOFF_SECONDS = 3600;
/** How many bytes of an answer are read (the rest is dropped), and how many are kept to show. */
export const PLATFORM_ANSWER_READ_BYTES = 4096;
export const PLATFORM_ANSWER_SHOWN_BYTES = 500;
/** Time to connect (DNS, TCP, TLS) and time for the whole answer. */
export const PLATFORM_CONNECT_TIMEOUT_MS = 5_000;
export const PLATFORM_ANSWER_TIMEOUT_MS = 15_000;

/** What an answer means for the endpoint: delivered, try again later, or parked until someone acts. */
export type TDeliveryVerdict = 'delivered' | 'retry' | 'park';

/** 2xx delivered; 408, 425, 429 and 5xx (and no answer: null) retried; any other 4xx (and 1xx/3xx) parks. */
export function deliveryVerdict(status: number | null): TDeliveryVerdict {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 500 || status === 408 || status === 425 || status === 429) return 'retry';
  return 'park';
}

/**
 * Seconds before the next try after the n-th failure in a row: N, 2N, 4N ... at most an hour
 * (and never less than N, so a failing endpoint is not asked more often than a working one).
 */
export function backoffSeconds(failures: number, batchSeconds: number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 20));
  return Math.max(batchSeconds, Math.min(batchSeconds * 2 ** exponent, PLATFORM_MAX_BACKOFF_SECONDS));
}

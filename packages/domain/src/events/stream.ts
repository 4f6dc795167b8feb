import { z } from 'zod';
import { ALARM_KINDS } from '../alarms/kinds';

/**
 * The live change stream (docs/events.md): `GET /api/v1/events`, `text/event-stream`, one per
 * signed-in browser tab. Authenticated like every call, with the `x-access-token` header (the web
 * app reads it with fetch, not EventSource), so no credential ever sits in a URL. A reconnect sends
 * `Last-Event-ID`; the server resumes from its buffer or sends `reload`.
 *
 * The event names below are the SSE `event:` field; `data:` is the JSON the schema describes.
 */

/** What changed about a node; the client refetches only what it shows. */
export const NODE_CHANGE_PARTS = ['reading', 'battery', 'signal', 'sync', 'settings', 'placement', 'removed'] as const;
export type TNodeChangePart = (typeof NODE_CHANGE_PARTS)[number];

/** `event: nodes`: nodes the user may see changed; changes of one short window merged per node. */
export const zNodesEvent = z.object({
  nodes: z.array(z.object({ eui: z.string(), parts: z.array(z.enum(NODE_CHANGE_PARTS)) })),
});
export type TNodesEvent = z.infer<typeof zNodesEvent>;

export const ALARM_CHANGES = ['opened', 'changed', 'closed'] as const;
export type TAlarmChange = (typeof ALARM_CHANGES)[number];

/** `event: alarm`: an alarm record the user may see was opened, handled (changed) or closed. */
export const zAlarmStreamEvent = z.object({
  id: z.number().int(),
  change: z.enum(ALARM_CHANGES),
  kind: z.enum(ALARM_KINDS),
  eui: z.string().nullable(),
});
export type TAlarmStreamEvent = z.infer<typeof zAlarmStreamEvent>;

/** `event: dashboard`: the dashboard counts of the user's scope changed (at most one per DASHBOARD_EVENT_MIN_MS). */
export const zDashboardEvent = z.object({ at: z.string() });
export type TDashboardEvent = z.infer<typeof zDashboardEvent>;

/** `event: mail` (administrators only): an outgoing e-mail's state in the outbox changed. */
export const zMailEvent = z.object({ id: z.number().int(), state: z.string() });
export type TMailEvent = z.infer<typeof zMailEvent>;

/**
 * `event: reload`: the server cannot say what was missed (unknown or too old Last-Event-ID,
 * another server copy, events dropped); the client refetches everything it shows.
 */
export const zReloadEvent = z.object({ reason: z.enum(['unknownLastEventId', 'dropped']) });
export type TReloadEvent = z.infer<typeof zReloadEvent>;

/**
 * `event: end`: the stream ends because the token did (expired, renewed past its grace, revoked), the
 * server stops, or the user opened more streams than the server keeps per user (`tooManyStreams`:
 * the oldest ends; its client reconnects after a back-off, not at once, so tabs do not take turns).
 */
export const zEndEvent = z.object({ reason: z.enum(['tokenEnded', 'shutdown', 'tooManyStreams']) });
/** Open streams per user the server keeps (docs/events.md, "Bounds"). */
export const STREAMS_PER_USER = 10;
export type TEndEvent = z.infer<typeof zEndEvent>;

export const STREAM_EVENTS = ['nodes', 'alarm', 'dashboard', 'mail', 'reload', 'end'] as const;
export type TStreamEventName = (typeof STREAM_EVENTS)[number];

/** A heartbeat comment line at least this often keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** Node changes of one window are merged per node into one `nodes` event. */
export const NODE_EVENT_WINDOW_MS = 200;
/** `dashboard` events to one stream at most this often. */
export const DASHBOARD_EVENT_MIN_MS = 5_000;
/** The `retry:` the server announces; the client waits about this long before reconnecting. */
export const STREAM_RETRY_MS = 3_000;

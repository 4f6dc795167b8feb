import { findUnstorableText } from '@aquasmart/domain';
import { CHIRPSTACK_EVENTS, parseChirpstackEvent, type TChirpstackEvent } from './chirpstack-event';
import type { TAcceptedEvent } from './envelope';

const TOPIC = /^application\/([^/]+)\/device\/([0-9a-fA-F]{16})\/event\/([a-z]+)$/;

/** What to do with one message of the ChirpStack MQTT integration. */
export type TMqttEventResult =
  /** Not an event topic, or an event the portal does not use. */
  | { action: 'ignore' }
  /** Not storable: logged as an intake error and acknowledged, since a redelivery would not fix it. */
  | { action: 'refuse'; reason: string }
  | { action: 'store'; event: TAcceptedEvent };

/**
 * Reads one MQTT message (topic `application/<app>/device/<devEui>/event/<event>`, JSON body)
 * with the rules of the HTTP integration: the same parser, and the same storable-text rule
 * that the HTTP routes apply to every body (findUnstorableText), so a NUL or a lone surrogate
 * is refused here instead of failing the group INSERT it would have joined.
 */
export function readMqttEvent(topic: string, payload: Buffer | string, now = Date.now()): TMqttEventResult {
  const match = TOPIC.exec(topic);
  if (!match || !(CHIRPSTACK_EVENTS as readonly string[]).includes(match[3])) return { action: 'ignore' };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return { action: 'refuse', reason: 'not JSON' };
  }
  const unstorable = findUnstorableText(body);
  if (unstorable !== null) return { action: 'refuse', reason: `${unstorable} holds characters that cannot be stored` };
  const parsed = parseChirpstackEvent(match[3] as TChirpstackEvent, body, now);
  return parsed.ok ? { action: 'store', event: parsed.event } : { action: 'refuse', reason: `malformed event: ${parsed.reason}` };
}

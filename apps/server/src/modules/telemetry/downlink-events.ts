import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/database';
import type { TIntakeEnvelope } from '../intake/envelope';

/**
 * Events about downlinks and the device's session. An acknowledgement marks the oldest downlink
 * handed to the network server as acknowledged; a failed downlink is marked failed with the
 * reason. Joins, status and log events are only kept (intake_events). Answers the outcome.
 */
export async function applyDownlinkEvent(tx: TDbOrTx, envelope: TIntakeEnvelope): Promise<string | null> {
  const oldestSent = sql`(SELECT id FROM downlinks WHERE device_eui = ${envelope.eui} AND status = 'sent' ORDER BY id LIMIT 1)`;
  switch (envelope.kind) {
    case 'ack':
      if (envelope.acknowledged) {
        await tx.execute(sql`UPDATE downlinks SET status = 'acknowledged', updated_at = now() WHERE id = ${oldestSent}`);
      } else {
        await tx.execute(sql`UPDATE downlinks SET last_error = 'not acknowledged by the device', updated_at = now() WHERE id = ${oldestSent}`);
      }
      return null;
    case 'downlinkFailed':
      await tx.execute(
        sql`UPDATE downlinks SET status = 'failed', last_error = ${envelope.description ?? 'failed at the network server'}, updated_at = now() WHERE id = ${oldestSent}`,
      );
      return null;
    case 'log':
      // ChirpStack log events (codec errors, frame-counter resets ...) stay readable for administrators.
      return envelope.description?.startsWith('ERROR') ? `network server: ${envelope.description}` : null;
    default:
      return null;
  }
}

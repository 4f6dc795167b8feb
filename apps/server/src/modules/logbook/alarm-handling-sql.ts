import { sql } from 'drizzle-orm';

/** Who acknowledged an alarm `a` first (ack) and who resolved it last (res), from its timeline, which keeps the e-mail address when the user is gone. */
export const ALARM_HANDLING_JOINS = sql`
  LEFT JOIN LATERAL (SELECT e.user_email, e.at FROM alarm_events e WHERE e.alarm_id = a.id AND e.action IN ('acknowledged', 'assigned') AND e.user_email IS NOT NULL ORDER BY e.at, e.id LIMIT 1) ack ON true
  LEFT JOIN LATERAL (SELECT e.user_email, e.at FROM alarm_events e WHERE e.alarm_id = a.id AND e.action = 'resolved' ORDER BY e.at DESC, e.id DESC LIMIT 1) res ON true`;

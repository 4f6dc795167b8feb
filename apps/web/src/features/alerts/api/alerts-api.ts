import { ZMailOutboxItem, type TMailOutboxItem, type TTestMailRequest } from '@aquasmart/domain';
import { http } from '../../../lib/http/http';

/** The administrators' e-mail outbox (docs/alerts.md). */
export const MAIL_OUTBOX_QUERY_KEY = ['mailOutbox', 'list'] as const;

/** The list shows the newest e-mails; the server answers at most this many. */
export const MAIL_OUTBOX_SHOWN = 1000;

export async function fetchMailOutbox(signal?: AbortSignal): Promise<TMailOutboxItem[]> {
  const rows = await http.get<unknown[]>('/mailOutbox', { query: { limit: MAIL_OUTBOX_SHOWN }, signal });
  return rows.map((row) => ZMailOutboxItem.parse(row));
}

/** POST /mailOutbox/test: a test e-mail through the outbox. */
export async function sendTestMail(body: TTestMailRequest): Promise<TMailOutboxItem> {
  return ZMailOutboxItem.parse(await http.post<unknown>('/mailOutbox/test', body));
}

import { ZLogbookVerification, type TLogbookVerification } from '@aquasmart/domain';
import { http } from '../../lib/http/http';

/**
 * POST /logbook/verify (docs/logbook.md, "Verifying a file"): a file is sent as its bytes (the
 * server hashes it as it arrives and keeps nothing), a hash as JSON { sha256 }.
 */
export async function verifyLogbookFile(what: { file: Blob } | { sha256: string }): Promise<TLogbookVerification> {
  const body = 'file' in what ? what.file : { sha256: what.sha256 };
  return ZLogbookVerification.parse(await http.post<unknown>('/logbook/verify', body));
}

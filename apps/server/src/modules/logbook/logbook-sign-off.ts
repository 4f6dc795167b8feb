import { eq, sql } from 'drizzle-orm';
import {
  effectiveResponsible,
  logbookIssuePeriodIssues,
  LOGBOOK_SIGN_OFF_STATEMENT,
  API_KEY_NOT_ALLOWED,
  type TLogbookPeriodQuery,
  type TLogbookSignOff,
  type TResponsiblePerson,
} from '@aquasmart/domain';
import type { TDb } from '../../db/database';
import { locations } from '../../db/schema';
import type { TAuthUser } from '../../identity/auth-user';
import { ApiError } from '../../lib/api-error';
import { issueSubjectKey, type TLogbookLanguage, type TLogbookSubject } from './logbook-service';
import { currentIssuedNumbers } from './supersession';

/**
 * Issuing is a sign-off (docs/logbook.md, "Sign-off"): the route lets only holders of
 * `signLogbook` (and administrators) in (rights catalogue); here the request's own rules. The
 * signer confirms the statement (`statement: true`, else 400 `validation.statementRequired`),
 * says their role (400 `validation.required` on `role`) and, when a report of the same subject and
 * period counts already, why this one supersedes it (400 `validation.supersedeReasonRequired` on
 * `reason`). What the report then carries: the signer, the statement as shown, the responsible
 * person and deputy as they are now (the location's, else its customer's), what it supersedes.
 */
export interface TSignOffRequest {
  statement?: boolean;
  role?: string;
  reason?: string;
}

/** The signer's name as the report shows it: first and last name, else the e-mail address. */
export function signerName(user: Pick<TAuthUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The responsible person and deputy of a subject (a customer report: the customer's). */
export function responsibleOf(subject: TLogbookSubject) {
  const person = (value: unknown) => (value as TResponsiblePerson | null) ?? null;
  const customer = { responsible: person(subject.customer.responsible), deputy: person(subject.customer.deputy) };
  const location = subject.scope === 'location' ? { responsible: person(subject.location.responsible), deputy: person(subject.location.deputy) } : null;
  return effectiveResponsible(location, customer);
}

/** The zone a subject's period is judged in: the location's, a customer's first location's. */
async function subjectTimeZone(db: TDb, subject: TLogbookSubject): Promise<string> {
  if (subject.scope === 'location') return subject.location.timeZone;
  const [first] = await db
    .select({ timeZone: locations.timeZone })
    .from(locations)
    .where(eq(locations.customerId, subject.customer.id))
    .orderBy(sql`lower(${locations.name})`, locations.id)
    .limit(1);
  return first?.timeZone ?? 'Europe/Amsterdam';
}

/** Checks a sign-off request and makes the sign-off the report will carry (400 with every field that is wrong). */
export async function prepareSignOff(
  db: TDb,
  subject: TLogbookSubject,
  user: TAuthUser,
  period: TLogbookPeriodQuery,
  request: TSignOffRequest,
  language: TLogbookLanguage,
  now: Date,
): Promise<TLogbookSignOff> {
  // A signature needs a person: the routes refuse keys already (PEOPLE_ONLY_OPERATIONS); this keeps any other caller out too.
  if (user.apiKey) throw new ApiError(403, API_KEY_NOT_ALLOWED, 'A logbook is signed by a person who signs in, not by an API key');
  const issues: Record<string, string> = logbookIssuePeriodIssues(period, await subjectTimeZone(db, subject), now);
  if (request.statement !== true) issues.statement = 'validation.statementRequired';
  const role = request.role?.trim() ?? '';
  if (role === '') issues.role = 'validation.required';
  // Only a period of real dates can be looked up (a bad one is 400 on its field already).
  const supersedes = issues.from || issues.to ? [] : await currentIssuedNumbers(db, issueSubjectKey(subject), period);
  const reason = request.reason?.trim() ?? '';
  if (supersedes.length > 0 && reason === '') issues.reason = 'validation.supersedeReasonRequired';
  if (Object.keys(issues).length > 0) throw ApiError.badRequest('The sign-off is not complete', issues);
  const { responsible, deputy, source } = responsibleOf(subject);
  return {
    signedAt: now.toISOString(),
    signer: { name: signerName(user), email: user.email, role },
    statement: LOGBOOK_SIGN_OFF_STATEMENT[language],
    responsible,
    deputy,
    responsibleSource: source,
    supersedes,
    reason: supersedes.length > 0 ? reason : null,
  };
}

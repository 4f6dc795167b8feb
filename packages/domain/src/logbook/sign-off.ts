import { z } from 'zod';
import { MESSAGE, messageKey } from '../validation/message-key';
import { zRequiredText } from '../validation/validators';

/**
 * Who is accountable for a location's logbook and who signs it (docs/logbook.md, "Sign-off";
 * docs/places.md, "Responsible person"). A customer and a location each may name a responsible
 * person (beheerder / duty holder / Betreiber) and a deputy; a location without its own takes its
 * customer's. Issuing a report is a sign-off by a user with the right `signLogbook`, who confirms
 * LOGBOOK_SIGN_OFF_STATEMENT; the report carries it all (`signOff`, part of the content hash).
 */

const PERSON_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: messageKey(MESSAGE.tooLong, { max }) })
    .default('');

/** A responsible person or deputy as sent and stored: a name, and an e-mail address or a phone number (or both). */
export const ZResponsiblePerson = z
  .object({
    name: zRequiredText(200),
    role: text(200),
    organisation: text(200),
    email: text(254).refine((value) => value === '' || PERSON_EMAIL.test(value), { error: MESSAGE.email }),
    phone: text(40).refine((value) => value === '' || /^[+0-9 ()./-]{6,40}$/.test(value), { error: MESSAGE.invalid }),
  })
  .superRefine((person, context) => {
    if (person.email === '' && person.phone === '') context.addIssue({ code: 'custom', path: ['email'], message: 'validation.contactRequired' });
  });
export type TResponsiblePerson = z.output<typeof ZResponsiblePerson>;

/** As answered (lists may leave fields out). */
export const ZResponsiblePersonAnswer = z.object({
  name: z.string(),
  role: z.string(),
  organisation: z.string(),
  email: z.string(),
  phone: z.string(),
});

/** The fields of a responsible person, in the order the forms show them. */
export const RESPONSIBLE_PERSON_FIELDS = ['name', 'role', 'organisation', 'email', 'phone'] as const;

/** The responsible person and deputy that hold for a location: its own, else its customer's (each of the pair apart). */
export function effectiveResponsible(
  location: { responsible: TResponsiblePerson | null; deputy: TResponsiblePerson | null } | null,
  customer: { responsible: TResponsiblePerson | null; deputy: TResponsiblePerson | null },
): { responsible: TResponsiblePerson | null; deputy: TResponsiblePerson | null; source: 'location' | 'customer' | null } {
  if (location && (location.responsible || location.deputy)) return { responsible: location.responsible, deputy: location.deputy, source: 'location' };
  if (customer.responsible || customer.deputy) return { responsible: customer.responsible, deputy: customer.deputy, source: 'customer' };
  return { responsible: null, deputy: null, source: null };
}

/** The statement a signer confirms, in the report's language; it is stored in the report as shown. */
export const LOGBOOK_SIGN_OFF_STATEMENT = {
  nl: 'Ik verklaar dat dit logboek de metingen en de afhandeling van afwijkingen over deze periode juist weergeeft, zoals die in het portaal zijn vastgelegd.',
  en: 'I declare that this logbook correctly shows the measurements and the handling of deviations over this period, as recorded in the portal.',
  de: 'Ich erkläre, dass dieses Betriebsbuch die Messungen und die Behandlung von Abweichungen in diesem Zeitraum so, wie sie im Portal erfasst sind, richtig wiedergibt.',
} as const;

/** The sign-off an issued report carries (TLogbookReport.signOff). */
export const ZLogbookSignOff = z.object({
  signedAt: z.string(),
  signer: z.object({ name: z.string(), email: z.string(), role: z.string() }),
  /** The statement the signer confirmed, as shown to them. */
  statement: z.string(),
  responsible: ZResponsiblePersonAnswer.nullable(),
  deputy: ZResponsiblePersonAnswer.nullable(),
  /** Whose they are: the location's own or its customer's (a customer report: the customer's); null: nobody named. */
  responsibleSource: z.enum(['location', 'customer']).nullable(),
  /** The reports of the same subject and period this one supersedes, and why. */
  supersedes: z.array(z.string()),
  reason: z.string().nullable(),
});
export type TLogbookSignOff = z.infer<typeof ZLogbookSignOff>;

/** Why a report no longer counts (the register; `supersessionOf` on the server). */
export const ZLogbookSupersession = z.object({
  /** The number of the report that counts instead. */
  number: z.string(),
  at: z.string(),
  by: z.string(),
  reason: z.string(),
});
export type TLogbookSupersession = z.infer<typeof ZLogbookSupersession>;

/** The signer's role as typed in the dialog, and the reason for a second issue. */
export const LOGBOOK_SIGNER_ROLE_MAX = 200;
export const LOGBOOK_SUPERSEDE_REASON_MAX = 2000;

import { z } from 'zod';
import { MESSAGE } from './validation/message-key';
import { zEmail, zRequiredPassword } from './validation/validators';
import { RESET_LINK_INVALID } from './i18n/ui-password-reset';

/**
 * The forgotten-password reset (docs/users.md, "Forgotten password"): a link by e-mail, single
 * use, valid for RESET_LINK_MINUTES; the server answers a request the same way whether or not the
 * address is a user's.
 */
export const RESET_LINK_MINUTES = 30;

/**
 * The limits of the reset, counted like the sign-in's (per window): from one address, and per
 * e-mail address. The per-address limit keeps one caller from mailing many accounts; the per-e-mail
 * limit keeps anyone from filling one person's mailbox. Counted before the address is looked up,
 * so a refusal says nothing about whether it exists.
 */
export const RESET_LIMITS = {
  address: { max: 10, windowSeconds: 15 * 60 },
  email: { max: 3, windowSeconds: 60 * 60 },
  /** Tries of a link (the confirmation), per address: a link has 256 random bits, this only stops noise. */
  confirm: { max: 20, windowSeconds: 15 * 60 },
} as const;

/** POST /auth/password-reset: ask for a link. */
export const ZPasswordResetRequest = z.object({ email: zEmail() });
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;

/** The token of a link: 32 random bytes, base64url (43 characters). */
export const zResetToken = () =>
  z
    .string({ error: MESSAGE.required })
    .min(1, { error: MESSAGE.required })
    .max(200, { error: RESET_LINK_INVALID });

/** POST /auth/password-reset/check: is the link still good (before the form is filled in)? */
export const ZPasswordResetCheck = z.object({ token: zResetToken() });
export const ZPasswordResetCheckResponse = z.object({ email: z.string(), expiresAt: z.string() });
export type TPasswordResetCheckResponse = z.infer<typeof ZPasswordResetCheckResponse>;

/** POST /auth/password-reset/confirm: the new password for the link's account. */
export const ZPasswordResetConfirm = z.object({ token: zResetToken(), password: zRequiredPassword() });
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;

/** The web form: the new password twice. */
export const ZNewPasswordForm = z
  .object({ password: zRequiredPassword(), repeat: z.string() })
  .refine((form) => form.password === form.repeat, { path: ['repeat'], error: MESSAGE.passwordMismatch });
export type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

/** The link in the e-mail: the token in the fragment, so it is never sent to a server or kept in an access log. */
export function resetLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password#token=${encodeURIComponent(token)}`;
}

/** The token from the reset page's fragment (`#token=...`); null without one. */
export function resetTokenFromHash(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : null;
}

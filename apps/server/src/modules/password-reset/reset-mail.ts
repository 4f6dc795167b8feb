import { passwordResetMailEn, passwordResetMailNl, RESET_LINK_MINUTES } from '@aquasmart/domain';
import { escapeHtml, fill, greetingName, mailPage, mailTexts, type TMailContent, type TMailRecipient } from '../alerts/alert-mail';

/**
 * The e-mail with a reset link (docs/users.md, "Forgotten password"), in the user's language:
 * who asked from where, the link, how long it works, and what to do if it was not them. Pure.
 */
export function composePasswordResetMail(recipient: TMailRecipient, link: string, requestedFrom: string): TMailContent {
  const texts = recipient.language === 'nl' ? passwordResetMailNl : passwordResetMailEn;
  const greeting = fill(mailTexts(recipient.language).greeting, { name: greetingName(recipient) });
  const intro = fill(texts.intro, { address: requestedFrom });
  const validity = fill(texts.validity, { minutes: RESET_LINK_MINUTES });
  return {
    subject: texts.subject,
    text: [greeting, '', intro, link, '', validity, texts.notYou, ''].join('\n'),
    html: mailPage(
      `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="margin:20px 0;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#00658f;color:#ffffff;padding:12px 20px;border-radius:20px;text-decoration:none;font-weight:bold;">${escapeHtml(texts.button)}</a></p>
<p style="word-break:break-all;font-size:13px;"><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>${escapeHtml(validity)}</p>
<p style="color:#49454f;font-size:13px;">${escapeHtml(texts.notYou)}</p>`,
      recipient.language,
    ),
  };
}

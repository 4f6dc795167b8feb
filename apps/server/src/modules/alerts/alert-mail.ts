import { ALERT_TIME_ZONE, alertMailEn, formatDateTime, formatLocale, formatNumber as formatLocaleNumber, type TNumberOptions, alertMailNl, nodePageUrl, toSingleLine, type TAlertKind, type TAlertMailTexts } from '@aquasmart/domain';
import type { TAlertDetails } from './alert-outbox';

/**
 * The e-mails themselves (docs/alerts.md, "The e-mail"): subject, plain text and HTML, in the
 * recipient's language, times in Dutch time, a link to each node's page. Pure: the composer
 * and the test e-mail call it with what they read from the database.
 */

export interface TMailContent {
  subject: string;
  text: string;
  html: string;
}

export interface TMailRecipient {
  firstName: string;
  lastName: string;
  email: string;
  language: string;
}

export interface TAlertForMail {
  kind: TAlertKind;
  eui: string;
  details: TAlertDetails;
  raisedAt: Date;
}

export function mailTexts(language: string): TAlertMailTexts {
  return language === 'en' ? alertMailEn : alertMailNl;
}

/** `{{name}}` placeholders filled; a missing value stays visible rather than silently empty. */
export function fill(template: string, values: Record<string, string | number>): string {
  // A value is one line: a name a user wrote over several lines (stored before names were single-line,
  // docs/architecture.md "Names are one line") cannot add lines of its own to the plain text.
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? toSingleLine(String(values[name])) : whole));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** The screens' date-time style (packages/domain/src/format) in Dutch time. */
export function formatMailTime(at: Date, texts: TAlertMailTexts): string {
  return formatDateTime(at, formatLocale(texts.locale), { timeZone: ALERT_TIME_ZONE });
}

/** Temperatures with their one decimal, as on the screens; '?' for a value the alert lacks. */
const DEGREES: TNumberOptions = { decimals: 1 };
function formatNumber(value: number | undefined, texts: TAlertMailTexts, options: TNumberOptions = { maxDecimals: 1 }): string {
  return formatLocaleNumber(value, formatLocale(texts.locale), options) || '?';
}

const SUBJECT: Record<TAlertKind, keyof TAlertMailTexts> = {
  flush: 'subjectFlush',
  overflowStarted: 'subjectOverflowStarted',
  overflowResolved: 'subjectOverflowResolved',
};
const TITLE: Record<TAlertKind, keyof TAlertMailTexts> = {
  flush: 'titleFlush',
  overflowStarted: 'titleOverflowStarted',
  overflowResolved: 'titleOverflowResolved',
};
const COLOUR: Record<TAlertKind, string> = { flush: '#b3261e', overflowStarted: '#b3261e', overflowResolved: '#1b6e2d' };

function alertSentence(alert: TAlertForMail, texts: TAlertMailTexts): string {
  const { details } = alert;
  const time = formatMailTime(alert.raisedAt, texts);
  if (alert.kind === 'flush') {
    const difference = details.before !== undefined && details.after !== undefined ? Math.abs(details.after - details.before) : undefined;
    return fill(texts.textFlush, {
      time,
      before: formatNumber(details.before, texts, DEGREES),
      after: formatNumber(details.after, texts, DEGREES),
      difference: formatNumber(difference, texts, DEGREES),
      minimum: formatNumber(details.minimumDeviation, texts),
    });
  }
  const template = alert.kind === 'overflowStarted' ? texts.textOverflowStarted : texts.textOverflowResolved;
  return fill(template, { time, resistance: formatNumber(details.resistance, texts, { maxDecimals: 1, grouping: true }) });
}

export function greetingName(recipient: TMailRecipient): string {
  return [recipient.firstName, recipient.lastName].filter(Boolean).join(' ').trim() || recipient.email;
}

function page(texts: TAlertMailTexts, bodyHtml: string, language: string): string {
  return `<!DOCTYPE html>
<html lang="${language === 'en' ? 'en' : 'nl'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1c1b1f;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f6f8;"><tr><td align="center" style="padding:16px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:20px 24px;font-size:15px;line-height:1.5;">
${bodyHtml}
</td></tr></table></td></tr></table></body></html>`;
}

/** The HTML frame of every outbox e-mail (one 600 px table, inline styles) around a body; the monthly logbook e-mail uses it too. */
export function mailPage(bodyHtml: string, language: string): string {
  return page(mailTexts(language), bodyHtml, language);
}

/** The e-mail of one or more alerts for one user: one alert names it in the subject, several are counted. */
export function composeAlertMail(recipient: TMailRecipient, alerts: readonly TAlertForMail[], publicUrl: string): TMailContent {
  const texts = mailTexts(recipient.language);
  const sorted = [...alerts].sort((a, b) => a.raisedAt.getTime() - b.raisedAt.getTime());
  const first = sorted[0];
  const subject =
    sorted.length === 1
      ? fill(texts[SUBJECT[first.kind]], { node: first.details.node, customer: first.details.customer, location: first.details.location })
      : fill(texts.subjectMany, { count: sorted.length });
  const greeting = fill(texts.greeting, { name: greetingName(recipient) });
  const intro = sorted.length === 1 ? texts.introOne : fill(texts.introMany, { count: sorted.length });
  const accountUrl = `${publicUrl.replace(/\/+$/, '')}/users/current`;
  const footer = fill(texts.footer, { accountUrl });

  const textBlocks = sorted.map((alert) => {
    const { details } = alert;
    const url = nodePageUrl(publicUrl, details.customer, details.location, alert.eui);
    return [
      `${texts[TITLE[alert.kind]].toUpperCase()}: ${toSingleLine(details.node)}`,
      fill(texts.place, { customer: details.customer, location: details.location, eui: alert.eui }),
      alertSentence(alert, texts),
      `${texts.openNode}: ${url}`,
    ].join('\n');
  });
  const text = [greeting, '', intro, '', textBlocks.join('\n\n'), '', texts.timeZone, '', '-- ', footer, ''].join('\n');

  const htmlBlocks = sorted.map((alert) => {
    const { details } = alert;
    const url = nodePageUrl(publicUrl, details.customer, details.location, alert.eui);
    return `<div style="border-left:4px solid ${COLOUR[alert.kind]};padding:8px 12px;margin:16px 0;background:#fafafa;">
<div style="font-weight:bold;color:${COLOUR[alert.kind]};">${escapeHtml(texts[TITLE[alert.kind]])}: ${escapeHtml(details.node)}</div>
<div style="color:#49454f;font-size:13px;">${escapeHtml(fill(texts.place, { customer: details.customer, location: details.location, eui: alert.eui }))}</div>
<p style="margin:8px 0;">${escapeHtml(alertSentence(alert, texts))}</p>
<a href="${escapeHtml(url)}" style="color:#0b57d0;">${escapeHtml(texts.openNode)}</a>
</div>`;
  });
  const html = page(
    texts,
    `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
${htmlBlocks.join('\n')}
<p style="color:#49454f;font-size:13px;">${escapeHtml(texts.timeZone)}</p>
<p style="color:#49454f;font-size:12px;border-top:1px solid #e0e0e0;padding-top:12px;">${escapeHtml(fill(texts.footer, { accountUrl: '' }))}<a href="${escapeHtml(accountUrl)}" style="color:#0b57d0;">${escapeHtml(accountUrl)}</a></p>`,
    recipient.language,
  );
  return { subject, text, html };
}

/** The administrators' test e-mail. */
export function composeTestMail(recipient: TMailRecipient, sender: string, at: Date): TMailContent {
  const texts = mailTexts(recipient.language);
  const sentence = fill(texts.testText, { sender, time: formatMailTime(at, texts) });
  const greeting = fill(texts.greeting, { name: greetingName(recipient) });
  return {
    subject: texts.testSubject,
    text: [greeting, '', sentence, '', texts.timeZone, ''].join('\n'),
    html: page(texts, `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>\n<p>${escapeHtml(sentence)}</p>\n<p style="color:#49454f;font-size:13px;">${escapeHtml(texts.timeZone)}</p>`, recipient.language),
  };
}

import { clipText, SMS_MAX_CHARS, type TOutboxChannel } from '@aquasmart/domain';

/**
 * The messages each channel takes (docs/alarm-notifications.md, "Formats"), from one neutral
 * content that the alarm notifier writes in the recipient's language. Pure.
 *
 * - Teams: the message an incoming webhook or a Workflows "post to a channel when a webhook
 *   request is received" takes: `{ type: 'message', attachments: [{ contentType:
 *   'application/vnd.microsoft.card.adaptive', contentUrl: null, content: <Adaptive Card> }] }`.
 * - Slack: an incoming webhook's `{ text, blocks }`, `text` the notification's fallback, blocks in
 *   mrkdwn (`&`, `<`, `>` escaped as Slack asks).
 * - SMS: one plain text of at most SMS_MAX_CHARS, the first alarm's link at the end.
 */

export interface TChannelItem {
  /** "Temperatuur: Node 12 (kanaal 1)" */
  title: string;
  /** Place, times and state, each a line. */
  lines: string[];
  /** The alarm's page. */
  url: string;
}

export interface TChannelContent {
  /** "2 nieuwe alarmen" / "Escalatie stap 2: …" */
  heading: string;
  intro: string;
  items: TChannelItem[];
  /** The link's words ("Alarm openen"). */
  linkText: string;
  /** A last line (time zone; where to change the choices). */
  footer: string;
}

/** At most this many alarms are listed in one Teams or Slack message; the rest are counted ("+3"). */
export const ITEMS_PER_MESSAGE = 10;

const more = (content: TChannelContent) => Math.max(0, content.items.length - ITEMS_PER_MESSAGE);

/** The Teams message: an Adaptive Card (schema 1.2, what Teams renders in every client). */
export function teamsMessage(content: TChannelContent) {
  const shown = content.items.slice(0, ITEMS_PER_MESSAGE);
  const body: Record<string, unknown>[] = [
    { type: 'TextBlock', text: content.heading, weight: 'Bolder', size: 'Medium', color: 'Attention', wrap: true },
    { type: 'TextBlock', text: content.intro, wrap: true },
    ...shown.map((item) => ({
      type: 'Container',
      separator: true,
      items: [
        { type: 'TextBlock', text: item.title, weight: 'Bolder', wrap: true },
        ...item.lines.map((line) => ({ type: 'TextBlock', text: line, isSubtle: true, spacing: 'None', wrap: true })),
      ],
      selectAction: { type: 'Action.OpenUrl', url: item.url },
    })),
    ...(more(content) ? [{ type: 'TextBlock', text: `+${more(content)}`, wrap: true }] : []),
    { type: 'TextBlock', text: content.footer, isSubtle: true, size: 'Small', wrap: true },
  ];
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.2',
          body,
          actions: shown.length ? [{ type: 'Action.OpenUrl', title: content.linkText, url: shown[0].url }] : [],
        },
      },
    ],
  };
}

/** Slack's mrkdwn needs these three escaped (api.slack.com, "Formatting text"). */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The Slack message: `text` (the notification and the fallback) and blocks (header, one section per alarm, context). */
export function slackMessage(content: TChannelContent) {
  const shown = content.items.slice(0, ITEMS_PER_MESSAGE);
  return {
    text: `${content.heading}: ${content.items.map((item) => item.title).join('; ')}`.slice(0, 3000),
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: clipText(content.heading, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: slackEscape(content.intro) } },
      ...shown.map((item) => ({
        type: 'section',
        text: { type: 'mrkdwn', text: clipText(`*<${item.url}|${slackEscape(item.title)}>*\n${item.lines.map(slackEscape).join('\n')}`, 3000) },
      })),
      ...(more(content) ? [{ type: 'section', text: { type: 'mrkdwn', text: `+${more(content)}` } }] : []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: slackEscape(content.footer) }] },
    ],
  };
}

/** The SMS: heading and the alarms' titles, cut to fit, the first alarm's link last (never cut off). */
export function smsText(content: TChannelContent): string {
  const link = content.items[0]?.url ?? '';
  const titles = content.items.map((item) => item.title).join('; ');
  const head = `Aquasmart: ${content.heading}. ${titles}`;
  return link ? `${clipText(head, SMS_MAX_CHARS - link.length - 1)} ${link}` : clipText(head, SMS_MAX_CHARS);
}

/** The body stored in the outbox and sent as it is (Teams, Slack: JSON; SMS: the text, the provider's request is built when sent). */
export function messageBody(channel: TOutboxChannel, content: TChannelContent): string {
  if (channel === 'teams') return JSON.stringify(teamsMessage(content));
  if (channel === 'slack') return JSON.stringify(slackMessage(content));
  return smsText(content);
}

/** The SMS provider's request: Twilio's Messages resource (form fields To, From, Body; HTTP Basic with the account SID and auth token). */
export function twilioRequest(settings: { apiUrl: string; accountSid: string; authToken: string; from: string }, to: string, text: string) {
  const base = settings.apiUrl.replace(/\/+$/, '');
  return {
    url: `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`,
    body: new URLSearchParams({ To: to, From: settings.from, Body: text }).toString(),
    contentType: 'application/x-www-form-urlencoded',
    headers: { authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`, accept: 'application/json' },
  };
}

/** A recipient as administrators see it: a webhook URL's host only (the path is the secret), a phone number's last three digits. */
export function maskedRecipient(channel: TOutboxChannel, recipient: string): string {
  if (channel === 'sms') return recipient.length > 5 ? `${recipient.slice(0, 3)}${'•'.repeat(Math.max(0, recipient.length - 6))}${recipient.slice(-3)}` : '•••';
  try {
    return `${new URL(recipient).host}/…`;
  } catch {
    return '…';
  }
}

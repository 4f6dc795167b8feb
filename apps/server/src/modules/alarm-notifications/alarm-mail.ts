import { alarmMailEn, alarmMailNl, alarmPageUrl, formatDateTime, formatLocale, toSingleLine, type TAlarmKind, type TAlarmMailTexts, type TAlarmState } from '@aquasmart/domain';
import { escapeHtml, fill, mailPage, type TMailContent } from '../alerts/alert-mail';
import type { TChannelContent } from '../alarm-channels/channel-formats';

/**
 * The alarm e-mails (docs/alarm-notifications.md, "The e-mails"): immediately, the daily digest
 * and the escalation, in the recipient's language, times in the recipient's time zone, each alarm
 * linking to its page (/alarms/:id). Pure: the jobs call it with what they read.
 */

/** An alarm as an e-mail shows it: names as they are now (null when the node or place is gone). */
export interface TAlarmForMail {
  id: number;
  kind: TAlarmKind;
  deviceEui: string | null;
  deviceName: string | null;
  gatewayName: string | null;
  /** A sample point's alarm (docs/sampling.md). */
  samplePointName?: string | null;
  /** An outlet's alarm (docs/outlets.md). */
  outletName?: string | null;
  channelId: string;
  customerName: string | null;
  locationName: string | null;
  openedAt: Date;
  closedAt: Date | null;
  state: TAlarmState;
}

export interface TAlarmMailRecipient {
  name: string;
  language: string;
  timeZone: string;
}

export type TAlarmMailKind = 'immediately' | 'digest' | 'escalation';

const COLOUR = '#b3261e';

export function alarmMailTexts(language: string): TAlarmMailTexts {
  return language === 'en' ? alarmMailEn : alarmMailNl;
}

/**
 * What the alarm is about: the node (name or EUI), else the gateway, else "Monsterpunt <name>" or
 * "Tappunt <name>" (the word tells a sample point from an outlet, as the alarm list does).
 */
function subjectOf(alarm: TAlarmForMail, texts: TAlarmMailTexts): string {
  const named = alarm.deviceName || alarm.deviceEui || alarm.gatewayName;
  if (named) return named;
  if (alarm.samplePointName) return fill(texts.samplePoint, { name: alarm.samplePointName });
  if (alarm.outletName) return fill(texts.outlet, { name: alarm.outletName });
  return texts.unknown;
}

function titleOf(alarm: TAlarmForMail, texts: TAlarmMailTexts): string {
  const channel = alarm.channelId ? ` (${fill(texts.channel, { channel: alarm.channelId })})` : '';
  return `${texts.kinds[alarm.kind]}: ${subjectOf(alarm, texts)}${channel}`;
}

function lines(alarm: TAlarmForMail, texts: TAlarmMailTexts, recipient: TAlarmMailRecipient): string[] {
  const time = (at: Date) => formatDateTime(at, formatLocale(recipient.language === 'en' ? 'en-GB' : 'nl-NL'), { timeZone: recipient.timeZone });
  return [
    fill(texts.place, { customer: alarm.customerName ?? texts.unknown, location: alarm.locationName ?? texts.unknown }),
    `${fill(texts.opened, { time: time(alarm.openedAt) })} · ${alarm.closedAt ? fill(texts.closed, { time: time(alarm.closedAt) }) : texts.stillPresent} · ${texts.states[alarm.state]}`,
  ];
}

/**
 * One e-mail listing one or more alarms, oldest first. `minutes` and `customer` fill the
 * escalation's subject and introduction.
 */
export function composeAlarmMail(
  kind: TAlarmMailKind,
  recipient: TAlarmMailRecipient,
  alarms: readonly TAlarmForMail[],
  publicUrl: string,
  escalation?: { minutes: number; customer: string },
): TMailContent {
  const texts = alarmMailTexts(recipient.language);
  const sorted = [...alarms].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id);
  const first = sorted[0];
  const one = sorted.length === 1;
  const customer = escalation?.customer ?? first.customerName ?? texts.unknown;
  const subject =
    kind === 'digest'
      ? fill(texts.subjectDigest, { count: sorted.length })
      : kind === 'escalation'
        ? one
          ? fill(texts.subjectEscalationOne, { minutes: escalation?.minutes ?? 0, kind: texts.kinds[first.kind], subject: subjectOf(first, texts), customer })
          : fill(texts.subjectEscalationMany, { count: sorted.length, customer })
        : one
          ? fill(texts.subjectOne, { kind: texts.kinds[first.kind], subject: subjectOf(first, texts), customer: first.customerName ?? texts.unknown })
          : fill(texts.subjectMany, { count: sorted.length });
  const intro =
    kind === 'digest' ? texts.introDigest : kind === 'escalation' ? fill(texts.introEscalation, { customer, minutes: escalation?.minutes ?? 0 }) : texts.introImmediate;
  const base = publicUrl.replace(/\/+$/, '');
  const footer =
    kind === 'escalation'
      ? fill(texts.footerEscalation, { customerUrl: `${base}/customers/${encodeURIComponent(customer)}` })
      : fill(texts.footer, { accountUrl: `${base}/users/current` });
  const zone = fill(texts.timeZone, { zone: recipient.timeZone });

  const textBlocks = sorted.map((alarm) =>
    [titleOf(alarm, texts).toUpperCase(), ...lines(alarm, texts, recipient), `${texts.openAlarm}: ${alarmPageUrl(publicUrl, alarm.id)}`].map(toSingleLine).join('\n'),
  );
  const greeting = recipient.name ? `${recipient.name},` : '';
  const text = [greeting, greeting ? '' : null, intro, '', textBlocks.join('\n\n'), '', zone, '', '-- ', footer, ''].filter((line) => line !== null).join('\n');

  const htmlBlocks = sorted.map(
    (alarm) => `<div style="border-left:4px solid ${COLOUR};padding:8px 12px;margin:16px 0;background:#fafafa;">
<div style="font-weight:bold;color:${COLOUR};">${escapeHtml(titleOf(alarm, texts))}</div>
${lines(alarm, texts, recipient)
  .map((line) => `<div style="color:#49454f;font-size:13px;">${escapeHtml(line)}</div>`)
  .join('\n')}
<a href="${escapeHtml(alarmPageUrl(publicUrl, alarm.id))}" style="color:#0b57d0;">${escapeHtml(texts.openAlarm)}</a>
</div>`,
  );
  const html = mailPage(
    `${greeting ? `<p style="margin:0 0 12px;">${escapeHtml(greeting)}</p>\n` : ''}<p style="margin:0 0 12px;">${escapeHtml(intro)}</p>
${htmlBlocks.join('\n')}
<p style="color:#49454f;font-size:13px;">${escapeHtml(zone)}</p>
<p style="color:#49454f;font-size:12px;border-top:1px solid #e0e0e0;padding-top:12px;">${escapeHtml(footer)}</p>`,
    recipient.language,
  );
  return { subject, text, html };
}

/**
 * The same alarms for Teams, Slack and SMS (docs/alarm-notifications.md, "Formats"): a heading, an
 * introduction, one item per alarm (title, place and times, link) and a footer, in the recipient's
 * language; the channel's format is made from it (alarm-channels/channel-formats.ts).
 */
export function composeChannelContent(
  kind: 'immediately' | 'digest' | 'stage',
  recipient: TAlarmMailRecipient,
  alarms: readonly TAlarmForMail[],
  publicUrl: string,
  stage?: { number: number; minutes: number },
): TChannelContent {
  const texts = alarmMailTexts(recipient.language);
  const sorted = [...alarms].sort((a, b) => a.openedAt.getTime() - b.openedAt.getTime() || a.id - b.id);
  const first = sorted[0];
  const customer = first?.customerName ?? texts.unknown;
  const heading =
    kind === 'stage'
      ? fill(texts.headingStage, { stage: stage?.number ?? 1, count: sorted.length, customer })
      : kind === 'digest'
        ? fill(texts.subjectDigest, { count: sorted.length })
        : sorted.length === 1
          ? fill(texts.subjectOne, { kind: texts.kinds[first.kind], subject: subjectOf(first, texts), customer })
          : fill(texts.subjectMany, { count: sorted.length });
  const intro = kind === 'stage' ? fill(texts.introStage, { minutes: stage?.minutes ?? 0, stage: stage?.number ?? 1 }) : kind === 'digest' ? texts.introDigest : texts.introImmediate;
  const base = publicUrl.replace(/\/+$/, '');
  return {
    heading: toSingleLine(heading),
    intro,
    items: sorted.map((alarm) => ({ title: toSingleLine(titleOf(alarm, texts)), lines: lines(alarm, texts, recipient).map(toSingleLine), url: alarmPageUrl(publicUrl, alarm.id) })),
    linkText: texts.openAlarm,
    footer: `${fill(texts.timeZone, { zone: recipient.timeZone })} ${fill(texts.footerChannel, { accountUrl: `${base}/users/current` })}`,
  };
}

import type { TAlarmKind } from '../alarms/kinds';

/**
 * Texts of the alarm notifications (docs/alarm-notifications.md): the preferences editor on the
 * account page and the user forms, the escalation settings on the customer form, and the
 * e-mails (immediately, daily digest, escalation), which the server fills in the recipient's
 * language. Dutch is formal ("u").
 */
const kindNamesNl: Record<TAlarmKind, string> = {
  lowBattery: 'Lage batterij',
  faultySensor: 'Defecte sensor',
  flushAlarm: 'Spoelalarm',
  waterDetection: 'Waterdetectie',
  offline: 'Node offline',
  settingsNotTaken: 'Instellingen niet overgenomen',
  temperature: 'Temperatuur buiten de grens',
  gatewayOffline: 'Gateway offline',
  legionella: 'Legionella boven de norm',
  samplingOverdue: 'Bemonstering te laat',
  checkDeviation: 'Controle buiten de norm',
  checkOverdue: 'Controle te laat',
};
const kindNamesEn: Record<TAlarmKind, string> = {
  lowBattery: 'Low battery',
  faultySensor: 'Faulty sensor',
  flushAlarm: 'Flush alarm',
  waterDetection: 'Water detection',
  offline: 'Node offline',
  settingsNotTaken: 'Settings not taken',
  temperature: 'Temperature out of range',
  gatewayOffline: 'Gateway offline',
  legionella: 'Legionella above the limit',
  samplingOverdue: 'Sampling overdue',
  checkDeviation: 'Check outside the limit',
  checkOverdue: 'Check overdue',
};

export const alarmNotificationsUiNl = {
  alarmNotifications: {
    title: 'Alarmmeldingen per e-mail',
    help: 'Kies per soort alarm of u een e-mail krijgt: direct, of verzameld in een dagelijks overzicht om 07:00 in uw tijdzone.',
    helpOther: 'Kies per soort alarm of deze gebruiker een e-mail krijgt: direct, of verzameld in een dagelijks overzicht om 07:00 in de tijdzone van de gebruiker.',
    kinds: kindNamesNl,
    modes: { off: 'Uit', immediately: 'Direct', digest: 'Dagelijks overzicht' },
    kindsLegend: 'Per soort alarm',
    quietHours: 'Rusttijd',
    quietHoursHelp: 'Directe e-mails die in de rusttijd ontstaan, wachten tot de rusttijd voorbij is. Het dagelijkse overzicht komt altijd om 07:00.',
    quietHoursOn: 'Rusttijd gebruiken',
    quietFrom: 'Van',
    quietTo: 'Tot',
    timeZone: 'Tijdzone',
    customers: 'Klanten',
    customersAll: 'Alle klanten die ik mag zien',
    customersAllOther: 'Alle klanten die deze gebruiker mag zien',
    customersChosen: 'Alleen deze klanten',
    customersPick: 'Kies klanten',
    logbookTitle: 'Logboek per e-mail',
    escalationTitle: 'Escalatie van alarmen',
    escalationHelp:
      'Een alarm van deze klant dat niemand binnen de ingestelde tijd bevestigt, gaat één keer per e-mail naar deze adressen en gebruikers. Zonder ontvangers is er geen escalatie.',
    escalationMinutes: 'Minuten tot escalatie',
    escalationMinutesHelp: 'Standaard 240 minuten (4 uur).',
    escalationEmails: 'E-mailadressen',
    escalationEmailsHelp: 'Eén adres per regel.',
    escalationUsers: 'Gebruikers',
    escalationSave: 'Escalatie opslaan',
    escalationSaved: 'Escalatie opgeslagen',
    escalationSaveError: 'Escalatie niet opgeslagen',
  },
};

export const alarmNotificationsUiEn: typeof alarmNotificationsUiNl = {
  alarmNotifications: {
    title: 'Alarm notifications by e-mail',
    help: 'Choose for each kind of alarm whether you get an e-mail: immediately, or gathered in a daily digest at 07:00 in your time zone.',
    helpOther: "Choose for each kind of alarm whether this user gets an e-mail: immediately, or gathered in a daily digest at 07:00 in the user's time zone.",
    kinds: kindNamesEn,
    modes: { off: 'Off', immediately: 'Immediately', digest: 'Daily digest' },
    kindsLegend: 'Per kind of alarm',
    quietHours: 'Quiet hours',
    quietHoursHelp: 'Immediate e-mails that arise during quiet hours wait until they are over. The daily digest always comes at 07:00.',
    quietHoursOn: 'Use quiet hours',
    quietFrom: 'From',
    quietTo: 'To',
    timeZone: 'Time zone',
    customers: 'Customers',
    customersAll: 'All customers I may see',
    customersAllOther: 'All customers this user may see',
    customersChosen: 'Only these customers',
    customersPick: 'Choose customers',
    logbookTitle: 'Logbook by e-mail',
    escalationTitle: 'Alarm escalation',
    escalationHelp:
      'An alarm of this customer that nobody acknowledges within the set time goes once by e-mail to these addresses and users. Without recipients there is no escalation.',
    escalationMinutes: 'Minutes until escalation',
    escalationMinutesHelp: 'Default 240 minutes (4 hours).',
    escalationEmails: 'E-mail addresses',
    escalationEmailsHelp: 'One address per line.',
    escalationUsers: 'Users',
    escalationSave: 'Save escalation',
    escalationSaved: 'Escalation saved',
    escalationSaveError: 'Escalation not saved',
  },
};

/** The e-mails' own texts, filled by the server in the recipient's language. */
export const alarmMailNl = {
  kinds: kindNamesNl,
  subjectOne: '{{kind}}: {{subject}} ({{customer}})',
  subjectMany: '{{count}} nieuwe alarmen van het Aquasmart-portaal',
  subjectDigest: 'Dagelijks overzicht: {{count}} alarmen van het Aquasmart-portaal',
  subjectEscalationOne: 'Niet bevestigd na {{minutes}} minuten: {{kind}} bij {{subject}} ({{customer}})',
  subjectEscalationMany: 'Niet bevestigd: {{count}} alarmen van {{customer}}',
  introImmediate: 'Het Aquasmart-portaal meldt de volgende nieuwe alarmen.',
  introDigest: 'Het overzicht van de alarmen sinds het vorige overzicht.',
  introEscalation: 'Deze alarmen van {{customer}} zijn na {{minutes}} minuten door niemand bevestigd. U ontvangt deze e-mail als escalatie-ontvanger.',
  opened: 'Ontstaan {{time}}',
  closed: 'Toestand voorbij sinds {{time}}',
  stillPresent: 'Toestand nog aanwezig',
  states: { new: 'Nieuw', acknowledged: 'Bevestigd', assigned: 'Toegewezen', resolved: 'Opgelost' },
  channel: 'kanaal {{channel}}',
  place: 'Klant {{customer}}, locatie {{location}}',
  /** What a sample point's alarm (legionella, samplingOverdue) and an outlet's alarm are about: the alarm list's words (ui-alarms.ts). */
  samplePoint: 'Monsterpunt {{name}}',
  outlet: 'Tappunt {{name}}',
  openAlarm: 'Alarm openen in het portaal',
  timeZone: 'Tijden in {{zone}}.',
  footer: 'U ontvangt deze e-mail door uw keuzes voor alarmmeldingen. Aanpassen kan op {{accountUrl}}',
  footerEscalation: 'De escalatie stelt u in bij de klant in het portaal: {{customerUrl}}',
  unknown: 'onbekend',
  /** Teams, Slack and SMS (docs/alarm-notifications.md, "Formats"). */
  headingStage: 'Escalatie stap {{stage}}: {{count}} alarm(en) van {{customer}} niet bevestigd',
  introStage: 'Niemand heeft dit alarm na {{minutes}} minuten bevestigd. U staat in stap {{stage}} van de escalatie.',
  footerChannel: 'Aanpassen kan op {{accountUrl}}',
};

export const alarmMailEn: typeof alarmMailNl = {
  kinds: kindNamesEn,
  subjectOne: '{{kind}}: {{subject}} ({{customer}})',
  subjectMany: '{{count}} new alarms from the Aquasmart portal',
  subjectDigest: 'Daily digest: {{count}} alarms from the Aquasmart portal',
  subjectEscalationOne: 'Not acknowledged after {{minutes}} minutes: {{kind}} at {{subject}} ({{customer}})',
  subjectEscalationMany: 'Not acknowledged: {{count}} alarms of {{customer}}',
  introImmediate: 'The Aquasmart portal reports the following new alarms.',
  introDigest: 'The alarms since the previous digest.',
  introEscalation: 'Nobody acknowledged these alarms of {{customer}} within {{minutes}} minutes. You receive this e-mail as an escalation recipient.',
  opened: 'Opened {{time}}',
  closed: 'Condition gone since {{time}}',
  stillPresent: 'Condition still present',
  states: { new: 'New', acknowledged: 'Acknowledged', assigned: 'Assigned', resolved: 'Resolved' },
  channel: 'channel {{channel}}',
  place: 'Customer {{customer}}, location {{location}}',
  samplePoint: 'Sample point {{name}}',
  outlet: 'Outlet {{name}}',
  openAlarm: 'Open the alarm in the portal',
  timeZone: 'Times in {{zone}}.',
  footer: 'You receive this e-mail because of your alarm notification choices. You can change them at {{accountUrl}}',
  footerEscalation: 'Escalation is set on the customer in the portal: {{customerUrl}}',
  unknown: 'unknown',
  headingStage: 'Escalation stage {{stage}}: {{count}} alarm(s) of {{customer}} not acknowledged',
  introStage: 'Nobody acknowledged this alarm within {{minutes}} minutes. You are in stage {{stage}} of the escalation.',
  footerChannel: 'You can change this at {{accountUrl}}',
};

export type TAlarmMailTexts = typeof alarmMailNl;

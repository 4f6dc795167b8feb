/**
 * Texts of the e-mail alerts (docs/alerts.md): the web screens' (the administrators' outbox and
 * the explanations beside the two alert toggles), loaded with the screens that use them, and the
 * e-mails' own texts, which the server fills in the recipient's language. `snackbar` keys join
 * the shared snackbar group.
 */
export const alertsUiNl = {
  alerts: {
    flushAlertsHelp: 'Een e-mail wanneer een spoeling van een node van uw klanten de temperatuur te weinig verandert (spoelalarm).',
    overflowAlertsHelp: 'Een e-mail wanneer een node van uw klanten water op de vloer detecteert, en een korte e-mail wanneer dat voorbij is.',
    alertsSectionHelp: 'Meerdere meldingen binnen een minuut komen samen in één e-mail.',
    outboxHelp:
      'Alle e-mails die het portaal verstuurt of nog moet versturen, nieuwste eerst. Een e-mail die niet aankomt, wordt opnieuw geprobeerd met steeds langere pauzes, tot 24 uur lang.',
    outboxTitle: 'Verzonden en wachtende e-mails',
    createdAt: 'Aangemaakt',
    recipient: 'Ontvanger',
    subject: 'Onderwerp',
    state: 'Status',
    attempts: 'Pogingen',
    lastError: 'Laatste fout',
    kind: 'Soort',
    kinds: { alerts: 'Melding', test: 'Test', logbook: 'Logboek', alarms: 'Alarm', alarmDigest: 'Dagoverzicht', alarmEscalation: 'Escalatie', passwordReset: 'Wachtwoordlink' },
    states: {
      pending: 'Wacht op verzending',
      retrying: 'Nieuwe poging {{time}}',
      sent: 'Verzonden {{time}}',
      failed: 'Opgegeven',
      unsent: 'Niet verzonden',
    },
    alertCount_one: '{{count}} melding',
    alertCount_other: '{{count}} meldingen',
    testTitle: 'Test-e-mail',
    testHelp: 'Verstuurt een korte e-mail via de ingestelde mailserver, zodat u ziet of e-mails aankomen.',
    testTo: 'Naar e-mailadres',
    testSend: 'Test-e-mail versturen',
    noMailServer: 'Er is geen mailserver ingesteld (SMTP_URL)',
  },
  snackbar: {
    testMailQueued: 'Test-e-mail klaargezet voor verzending',
    testMailNoServer: 'Test-e-mail niet verstuurd: er is geen mailserver ingesteld (SMTP_URL)',
    testMailError: 'Fout bij klaarzetten test-e-mail',
    mailOutboxGetError: 'Fout bij ophalen e-mails',
  },
};

export const alertsUiEn: typeof alertsUiNl = {
  alerts: {
    flushAlertsHelp: "An e-mail when a flush of one of your customers' nodes changes the temperature too little (flush alarm).",
    overflowAlertsHelp: "An e-mail when one of your customers' nodes detects water on the floor, and a short e-mail when it is over.",
    alertsSectionHelp: 'Several alerts within a minute come together in one e-mail.',
    outboxHelp:
      'Every e-mail the portal sent or still has to send, newest first. An e-mail that does not get through is tried again with ever longer pauses, for up to 24 hours.',
    outboxTitle: 'Sent and waiting e-mails',
    createdAt: 'Created',
    recipient: 'Recipient',
    subject: 'Subject',
    state: 'State',
    attempts: 'Attempts',
    lastError: 'Last error',
    kind: 'Kind',
    kinds: { alerts: 'Alert', test: 'Test', logbook: 'Logbook', alarms: 'Alarm', alarmDigest: 'Daily digest', alarmEscalation: 'Escalation', passwordReset: 'Password link' },
    states: {
      pending: 'Waiting to be sent',
      retrying: 'Next attempt {{time}}',
      sent: 'Sent {{time}}',
      failed: 'Given up',
      unsent: 'Not sent',
    },
    alertCount_one: '{{count}} alert',
    alertCount_other: '{{count}} alerts',
    testTitle: 'Test e-mail',
    testHelp: 'Sends a short e-mail through the configured mail server, so you can see whether e-mails arrive.',
    testTo: 'To e-mail address',
    testSend: 'Send test e-mail',
    noMailServer: 'No mail server is configured (SMTP_URL)',
  },
  snackbar: {
    testMailQueued: 'Test e-mail queued for sending',
    testMailNoServer: 'Test e-mail not sent: no mail server is configured (SMTP_URL)',
    testMailError: 'Error queueing the test e-mail',
    mailOutboxGetError: 'Error loading e-mails',
  },
};

/**
 * The e-mails' texts. `{{name}}` placeholders are filled by the server (values HTML-escaped in
 * the HTML part). Dutch is formal ("u"), as the portal is.
 */
export const alertMailNl = {
  locale: 'nl-NL',
  greeting: 'Beste {{name}},',
  introOne: 'Het Aquasmart-portaal meldt het volgende.',
  introMany: 'Het Aquasmart-portaal meldt {{count}} gebeurtenissen.',
  subjectFlush: 'Spoelalarm: {{node}} ({{customer}}, {{location}})',
  subjectOverflowStarted: 'Water gedetecteerd: {{node}} ({{customer}}, {{location}})',
  subjectOverflowResolved: 'Opgelost: geen water meer bij {{node}} ({{customer}}, {{location}})',
  subjectMany: '{{count}} meldingen van het Aquasmart-portaal',
  titleFlush: 'Spoelalarm',
  titleOverflowStarted: 'Water gedetecteerd',
  titleOverflowResolved: 'Geen water meer',
  textFlush:
    'De spoeling van {{time}} veranderde de temperatuur van {{before}} °C naar {{after}} °C, {{difference}} °C verschil. Voor deze node is minimaal {{minimum}} °C verschil ingesteld. Controleer de klep en de leiding.',
  textOverflowStarted: 'Op {{time}} detecteerde de sensor water (weerstand {{resistance}} Ω). Controleer de ruimte.',
  textOverflowResolved: 'Op {{time}} meldde de sensor geen water meer (weerstand {{resistance}} Ω).',
  place: 'Klant {{customer}}, locatie {{location}}, EUI {{eui}}',
  openNode: 'Node openen in het portaal',
  timeZone: 'Tijden zijn Nederlandse tijd.',
  footer: 'U ontvangt deze e-mail omdat e-mailmeldingen aan staan in uw account. Uitzetten kan op {{accountUrl}}',
  testSubject: 'Test-e-mail van het Aquasmart-portaal',
  testText: 'Deze test-e-mail is op {{time}} verstuurd door {{sender}}. Komt hij aan, dan werkt de mailserver van het portaal.',
};

export const alertMailEn: typeof alertMailNl = {
  locale: 'en-GB',
  greeting: 'Dear {{name}},',
  introOne: 'The Aquasmart portal reports the following.',
  introMany: 'The Aquasmart portal reports {{count}} events.',
  subjectFlush: 'Flush alarm: {{node}} ({{customer}}, {{location}})',
  subjectOverflowStarted: 'Water detected: {{node}} ({{customer}}, {{location}})',
  subjectOverflowResolved: 'Resolved: no more water at {{node}} ({{customer}}, {{location}})',
  subjectMany: '{{count}} alerts from the Aquasmart portal',
  titleFlush: 'Flush alarm',
  titleOverflowStarted: 'Water detected',
  titleOverflowResolved: 'Water gone',
  textFlush:
    'The flush of {{time}} changed the temperature from {{before}} °C to {{after}} °C, a difference of {{difference}} °C. This node is set to expect at least {{minimum}} °C. Check the valve and the pipe.',
  textOverflowStarted: 'At {{time}} the sensor detected water (resistance {{resistance}} Ω). Check the room.',
  textOverflowResolved: 'At {{time}} the sensor reported no more water (resistance {{resistance}} Ω).',
  place: 'Customer {{customer}}, location {{location}}, EUI {{eui}}',
  openNode: 'Open the node in the portal',
  timeZone: 'Times are Dutch time (Europe/Amsterdam).',
  footer: 'You receive this e-mail because e-mail alerts are on in your account. You can turn them off at {{accountUrl}}',
  testSubject: 'Test e-mail from the Aquasmart portal',
  testText: 'This test e-mail was sent by {{sender}} on {{time}}. If it arrives, the portal’s mail server works.',
};

export type TAlertMailTexts = typeof alertMailNl;

/**
 * The monthly logbook e-mail (docs/logbook.md, "Monthly by e-mail"): one per location and user,
 * with a link to the location's logbook where the issued report is downloaded after signing in.
 */
export const logbookMailNl = {
  locale: 'nl-NL',
  greeting: 'Beste {{name}},',
  subject: 'Legionellalogboek {{month}}: {{location}} ({{customer}})',
  intro: 'Het legionellalogboek van {{location}} ({{customer}}) over {{month}} staat als concept klaar en wacht op ondertekening.',
  summary: 'Oordeel: {{verdict}}. Open afwijkingen (zonder vastgelegde oorzaak en maatregel): {{open}}.',
  verdicts: { compliant: 'Voldoet', deviations: 'Afwijkingen', deviationsHandled: 'Afwijkingen, alle afgehandeld', openDeviations: 'Open afwijkingen', insufficientData: 'Onvoldoende gegevens' },
  download: 'Na het inloggen bekijkt u het concept en ondertekent u het op de logboekpagina van de locatie (alleen met het recht "Logboek ondertekenen"):',
  open: 'Logboek openen om te ondertekenen',
  footer: 'U ontvangt deze e-mail omdat "Maandelijks logboek per e-mail" aan staat in uw account. Uitzetten kan op {{accountUrl}}',
  footerResponsible: 'U ontvangt deze e-mail omdat u bij {{location}} bent vastgelegd als verantwoordelijke of plaatsvervanger voor het legionellalogboek.',
};

export const logbookMailEn: typeof logbookMailNl = {
  locale: 'en-GB',
  greeting: 'Dear {{name}},',
  subject: 'Legionella logbook {{month}}: {{location}} ({{customer}})',
  intro: 'The legionella logbook of {{location}} ({{customer}}) for {{month}} is ready as a draft and waits to be signed.',
  summary: 'Verdict: {{verdict}}. Open deviations (no cause and corrective action recorded): {{open}}.',
  verdicts: { compliant: 'Compliant', deviations: 'Deviations', deviationsHandled: 'Deviations, all handled', openDeviations: 'Open deviations', insufficientData: 'Insufficient data' },
  download: 'After signing in you review the draft and sign it on the location\'s logbook page (with the right "Sign logbooks" only):',
  open: 'Open the logbook to sign',
  footer: 'You receive this e-mail because "Monthly logbook by e-mail" is on in your account. You can turn it off at {{accountUrl}}',
  footerResponsible: 'You receive this e-mail because you are recorded at {{location}} as the responsible person or deputy for the legionella logbook.',
};

export type TLogbookMailTexts = typeof logbookMailNl;

/**
 * Validation and server error texts. The server sends the keys (`validation.required`,
 * `errors.forbidden`, ...); the web app translates them. Dutch texts are quoted from the
 * specification; English is ours.
 */
export const validationMessagesNl = {
  required: 'Veld is verplicht',
  email: 'Ongeldig e-mailadres',
  integer: 'Waarde moet een integer zijn',
  number: 'Waarde moet een getal zijn',
  mac: 'Ongeldig MAC-adres',
  password: 'Minimaal 8 tekens',
  guessablePassword: 'Dit wachtwoord is te makkelijk te raden, kies een ander',
  range: 'Waarde moet tussen de {{min}} en {{max}} zijn',
  decimals: 'Waarde mag maximaal {{N}} decimalen hebben',
  multipleOf: 'Waarde moet een veelvoud van {{N}} zijn',
  passwordMismatch: 'Wachtwoorden komen niet overeen',
  oneOf: 'Kies een van de mogelijke waarden',
  tooLong: 'Maximaal {{max}} tekens',
  invalid: 'Ongeldige waarde',
  unstorableText: 'Bevat tekens die niet opgeslagen kunnen worden',
  singleLine: 'Mag geen regelovergang bevatten',
  unknownCustomer: 'Onbekende klant: {{name}}',
  // places and products (docs/places.md)
  unknownLocation: 'Onbekende locatie: {{name}}',
  unknownProduct: 'Onbekend product: {{name}}',
  productType: 'Kies een product van het type {{type}}',
  url: 'Ongeldige URL (begin met http:// of https://)',
  imageType: 'Alleen afbeeldingen in PNG, JPEG of WebP',
  base64: 'Ongeldige afbeeldingsdata',
  // network servers and devices (docs/telemetry.md)
  mqttUrl: 'Ongeldige URL (begin met mqtt://, mqtts://, ws:// of wss://)',
  secret: 'Minimaal {{min}} tekens, zonder spaties',
  unknownNetworkServer: 'Onbekende netwerkserver: {{name}}',
  eui: 'Ongeldige EUI (16 hexadecimale tekens)',
  version: 'Ongeldige versie (bijvoorbeeld 1.0)',
  unsupportedDeviceType: 'Apparaattype wordt niet ondersteund',
  noDays: 'Kies ten minste een dag: zonder dagen spoelt de periode nooit',
  // logbook (docs/logbook.md)
  date: 'Ongeldige datum (JJJJ-MM-DD)',
  periodEndBeforeStart: 'De einddatum ligt voor de begindatum',
  periodTooLong: 'Een logboek beslaat hoogstens {{days}} dagen',
  periodInFuture: 'De periode begint in de toekomst',
  periodNotEnded: 'De periode is nog niet afgelopen: alleen een afgelopen periode kan worden uitgegeven',
  supersedeReasonRequired: 'Deze periode is al uitgegeven: geef een reden om het rapport te vervangen',
  statementRequired: 'Bevestig de verklaring om te ondertekenen',
  contactRequired: 'Vul een e-mailadres of telefoonnummer in',
  timeZone: 'Onbekende tijdzone',
  sha256: 'Een SHA-256 is 64 hexadecimale tekens (0-9, a-f)',
  // deviations (docs/logbook.md, "Deviations")
  dateTime: 'Ongeldig tijdstip',
  actedAtInFuture: 'Dit tijdstip ligt in de toekomst',
  actedAtBeforeDeviation: 'De maatregel kan niet genomen zijn voor de afwijking begon',
  alarmNotHere: 'Dit alarm hoort niet bij deze locatie',
  // planned thermal disinfections (docs/logbook.md, "Thermal disinfection")
  disinfectionEndBeforeStart: 'Het einde moet na het begin liggen',
  disinfectionTooLong: 'Een desinfectie duurt hoogstens {{hours}} uur',
  disinfectionInFuture: 'Leg een desinfectie vast als die is gedaan: het einde ligt in de toekomst',
  // alarm notifications (docs/alarm-notifications.md)
  clock: 'Een tijd van 0:00 tot 23:59, bijvoorbeeld 7:00',
  quietHoursEqual: 'Begin en einde van de rusttijd mogen niet gelijk zijn',
  escalationMinutes: 'Een heel aantal minuten tussen 5 en 10080 (een week)',
};

export const validationMessagesEn: typeof validationMessagesNl = {
  required: 'Field is required',
  email: 'Invalid e-mail address',
  integer: 'Value must be an integer',
  number: 'Value must be a number',
  mac: 'Invalid MAC address',
  password: 'At least 8 characters',
  guessablePassword: 'This password is too easy to guess, choose another',
  range: 'Value must be between {{min}} and {{max}}',
  decimals: 'Value may have at most {{N}} decimals',
  multipleOf: 'Value must be a multiple of {{N}}',
  passwordMismatch: 'Passwords do not match',
  oneOf: 'Choose one of the possible values',
  tooLong: 'At most {{max}} characters',
  invalid: 'Invalid value',
  unstorableText: 'Contains characters that cannot be stored',
  singleLine: 'Must not contain a line break',
  unknownCustomer: 'Unknown customer: {{name}}',
  // places and products (docs/places.md)
  unknownLocation: 'Unknown location: {{name}}',
  unknownProduct: 'Unknown product: {{name}}',
  productType: 'Choose a product of type {{type}}',
  url: 'Invalid URL (start with http:// or https://)',
  imageType: 'Only PNG, JPEG or WebP images',
  base64: 'Invalid image data',
  // network servers and devices (docs/telemetry.md)
  mqttUrl: 'Invalid URL (start with mqtt://, mqtts://, ws:// or wss://)',
  secret: 'At least {{min}} characters, without spaces',
  unknownNetworkServer: 'Unknown network server: {{name}}',
  eui: 'Invalid EUI (16 hexadecimal characters)',
  version: 'Invalid version (for example 1.0)',
  unsupportedDeviceType: 'Device type is not supported',
  // logbook (docs/logbook.md)
  date: 'Invalid date (YYYY-MM-DD)',
  periodEndBeforeStart: 'The end date is before the start date',
  periodTooLong: 'A logbook covers at most {{days}} days',
  periodInFuture: 'The period starts in the future',
  periodNotEnded: 'The period has not ended yet: only an ended period can be issued',
  supersedeReasonRequired: 'This period has been issued already: give a reason to supersede that report',
  statementRequired: 'Confirm the statement to sign',
  contactRequired: 'Enter an e-mail address or a phone number',
  timeZone: 'Unknown time zone',
  sha256: 'A SHA-256 is 64 hexadecimal characters (0-9, a-f)',
  // deviations (docs/logbook.md, "Deviations")
  dateTime: 'Invalid date and time',
  actedAtInFuture: 'This time is in the future',
  actedAtBeforeDeviation: 'The action cannot have been taken before the deviation began',
  alarmNotHere: 'This alarm does not belong to this location',
  // planned thermal disinfections (docs/logbook.md, "Thermal disinfection")
  disinfectionEndBeforeStart: 'The end must be after the start',
  disinfectionTooLong: 'A disinfection takes at most {{hours}} hours',
  disinfectionInFuture: 'Record a disinfection once it is done: the end is in the future',
  noDays: 'Choose at least one day: without days the period never flushes',
  // alarm notifications (docs/alarm-notifications.md)
  clock: 'A time from 0:00 to 23:59, for example 7:00',
  quietHoursEqual: 'Quiet hours cannot start and end at the same time',
  escalationMinutes: 'A whole number of minutes between 5 and 10080 (a week)',
};

/**
 * The general refusals, in the catalogue every page loads (the login page's too, its 200 kB budget).
 * The refusals only the signed-in screens show are in messages-screens.ts, added with the shell.
 */
export const errorMessagesNl = {
  badRequest: 'Ongeldige invoer',
  unauthorized: 'Niet ingelogd of sessie verlopen',
  invalidCredentials: 'Ongeldig e-mailadres of wachtwoord.',
  forbidden: 'Onvoldoende rechten',
  notFound: 'Niet gevonden',
  pageNotFound: 'Pagina niet gevonden',
  conflict: 'Bestaat al of is nog in gebruik',
  payloadTooLarge: 'Te groot',
  tooManyAttempts: 'Te veel pogingen, probeer het over enkele minuten opnieuw',
  internal: 'Er ging iets mis op de server',
  unavailable: 'De server is tijdelijk niet beschikbaar',
};

export const errorMessagesEn: typeof errorMessagesNl = {
  badRequest: 'Invalid input',
  unauthorized: 'Not signed in or session expired',
  invalidCredentials: 'Invalid e-mail address or password.',
  forbidden: 'Insufficient rights',
  notFound: 'Not found',
  pageNotFound: 'Page not found',
  conflict: 'Already exists or still in use',
  payloadTooLarge: 'Too large',
  tooManyAttempts: 'Too many attempts, try again in a few minutes',
  internal: 'Something went wrong on the server',
  unavailable: 'The server is temporarily unavailable',
};

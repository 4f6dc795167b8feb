import { errorMessagesNl } from './messages';

/**
 * The refusals only signed-in screens show (keys `errors.<name>`): kept out of the catalogue the
 * login page loads (its 200 kB budget) and added when the shell loads
 * (apps/web/src/lib/i18n/texts/screen-messages.ts). The general ones are in messages.ts.
 */
export const screenErrorMessagesNl = {
  incorrectPassword: 'Ongeldig wachtwoord.',
  minAdmin: 'Er moet tenminste een administrator zijn',
  emailTaken: 'Er bestaat al een gebruiker met dit e-mailadres',
  cannotDeleteSelf: 'U kunt uw eigen account niet verwijderen',
  administratorsOnly: 'Alleen een administrator mag een administrator aanmaken, wijzigen of verwijderen',
  rightNotHeld: 'U kunt geen rechten toekennen die u zelf niet heeft',
  userHoldsMore: 'U kunt alleen gebruikers wijzigen of verwijderen die geen rechten of klanten hebben die u zelf niet heeft',
  unsupportedDeviceType: 'Apparaattype wordt niet ondersteund',
  // ---- calibration (docs/calibration.md; keys in calibration.ts CALIBRATION_MESSAGE; the calibration screens' own in messages-calibration.ts) ----
  checkSensor: 'Controleer de sensor van kanaal {{channel}}: de meting is -100 °C of lager',
  channelNotFound: 'Kanaal {{channel}} bestaat niet op deze node',
  // ---- end calibration ----
  invalidJson: 'Ongeldige JSON in {{param}}',
  invalidConditions: 'Ongeldige zoekvoorwaarde: {{reason}}',
  unknownField: 'Onbekend veld: {{field}}',
  unknownOperator: 'Onbekende operator: {{operator}}',
  conditionsTooDeep: 'Zoekvoorwaarde is te diep genest (maximaal {{max}} niveaus)',
  conditionsTooLarge: 'Zoekvoorwaarde is te groot (maximaal {{max}} waarden)',
  conditionsTooCostly: 'Zoekvoorwaarde gebruikt {{field}} te vaak (maximaal {{max}} berekende velden)',
  queryTimeout: 'De zoekopdracht duurde te lang; maak de zoekvoorwaarde kleiner of probeer het later opnieuw',
  tooManyListReads: 'U heeft al te veel lijsten tegelijk opgevraagd; probeer het zo opnieuw',
  logbookIssueInProgress: 'U geeft dit logboek al uit; wacht tot dat klaar is',
  logbookIssuedMeanwhile: 'Iemand anders heeft deze periode intussen uitgegeven; bekijk de lijst en probeer het opnieuw',
  tooManyLogbookIssues: 'U heeft dit logboek de afgelopen {{hours}} uur al {{max}} keer uitgegeven; probeer het later opnieuw',
  tooManyReports: 'U laat al {{max}} rapporten of labelvellen tegelijk maken; probeer het over enkele seconden opnieuw',
  reportsBusy: 'De server maakt al {{max}} rapporten of labelvellen tegelijk; probeer het over enkele seconden opnieuw',
  listTooLarge: 'De lijst is te groot (meer dan {{max}} rijen); vraag hem per pagina op',
  invalidProjection: 'Ongeldige projectie: {{reason}}',
  // places and products (docs/places.md)
  customerNameTaken: 'Er bestaat al een klant met deze naam',
  locationNameTaken: 'Deze klant heeft al een locatie met deze naam',
  gatewayNameTaken: 'Deze locatie heeft al een gateway met deze naam',
  macTaken: 'Er bestaat al een gateway met dit MAC-adres',
  productNameTaken: 'Er bestaat al een product met deze naam',
  customerInUse: 'Klant heeft nog {{locations}} locatie(s), {{gateways}} gateway(s), {{nodes}} node(s) en {{users}} gebruiker(s)',
  locationInUse: 'Locatie heeft nog {{gateways}} gateway(s) en {{nodes}} node(s)',
  locationHasSamplePoints: 'Locatie heeft nog {{samplePoints}} monsterpunt(en); hun uitslagen blijven bewaard',
  gatewayInUse: 'Gateway heeft nog {{nodes}} node(s)',
  gatewayMoveInUse: 'Gateway met {{nodes}} node(s) kan niet naar een andere klant',
  productInUse: 'Product is nog in gebruik bij {{gateways}} gateway(s) en {{nodes}} node(s)',
  inUse: 'Wordt nog gebruikt',
  // network servers and devices (docs/telemetry.md)
  networkServerNameTaken: 'Er bestaat al een netwerkserver met deze naam',
  networkServerInUse: 'Netwerkserver wordt nog gebruikt door {{nodes}} node(s)',
  euiTaken: 'Er bestaat al een node met deze EUI',
  euiDuplicateInFile: 'Deze EUI staat al op regel {{row}} van het bestand',
  csvInvalid: 'Ongeldig CSV-bestand: {{reason}}',
  currentPasswordRequired: 'Vul uw huidige wachtwoord in om uw wachtwoord of e-mailadres te wijzigen',
  // alarms (docs/alarms.md, "Handling")
  alarmAlreadyResolved: 'Dit alarm is al opgelost',
  alarmAlreadyAcknowledged: 'Dit alarm is al bevestigd',
  alarmAssigneeNotAllowed: 'Deze gebruiker mag dit alarm niet zien en kan het dus niet toegewezen krijgen',
  alarmAssigneeMayNotHandle: 'Deze gebruiker mag dit soort alarm niet afhandelen en kan het dus niet toegewezen krijgen',
  alarmKindNotHandled: 'U mag dit soort alarm niet afhandelen',
  // alarm channels (docs/alarm-notifications.md, "Phone number")
  smsNotConfigured: 'Sms versturen is op deze portal niet ingesteld; vraag de beheerder',
  phoneCodeTooSoon: 'Er is net een code verstuurd; probeer het over een minuut opnieuw',
  phoneCodeWrong: 'Deze code klopt niet',
  phoneCodeExpired: 'Deze code is verlopen; vraag een nieuwe aan',
  phoneCodeTooManyTries: 'Te vaak een verkeerde code; vraag een nieuwe aan',
  phoneCodeNone: 'Vraag eerst een code aan',
};

export const screenErrorMessagesEn: typeof screenErrorMessagesNl = {
  incorrectPassword: 'Incorrect password.',
  minAdmin: 'There must be at least one administrator',
  emailTaken: 'A user with this e-mail address already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  administratorsOnly: 'Only an administrator may create, change or delete an administrator',
  rightNotHeld: 'You cannot grant rights you do not hold yourself',
  userHoldsMore: 'You can only change or delete users who hold no rights or customers that you do not hold yourself',
  unsupportedDeviceType: 'Device type is not supported',
  // ---- calibration (docs/calibration.md; keys in calibration.ts CALIBRATION_MESSAGE; the calibration screens' own in messages-calibration.ts) ----
  checkSensor: 'Check the sensor of channel {{channel}}: the reading is -100 °C or lower',
  channelNotFound: 'Channel {{channel}} does not exist on this node',
  // ---- end calibration ----
  invalidJson: 'Invalid JSON in {{param}}',
  invalidConditions: 'Invalid condition: {{reason}}',
  unknownField: 'Unknown field: {{field}}',
  unknownOperator: 'Unknown operator: {{operator}}',
  conditionsTooDeep: 'Condition is nested too deeply (at most {{max}} levels)',
  conditionsTooLarge: 'Condition is too large (at most {{max}} values)',
  conditionsTooCostly: 'Condition uses {{field}} too often (at most {{max}} computed fields)',
  queryTimeout: 'The query took too long; narrow the condition or try again later',
  tooManyListReads: 'You have too many lists loading at once; try again in a moment',
  logbookIssueInProgress: 'You are already issuing this logbook; wait until it is done',
  logbookIssuedMeanwhile: 'Someone else issued this period meanwhile; look at the list and try again',
  tooManyLogbookIssues: 'You have issued this logbook {{max}} times in the last {{hours}} hours; try again later',
  tooManyReports: 'You already have {{max}} reports or label sheets being made; try again in a few seconds',
  reportsBusy: 'The server is already making {{max}} reports or label sheets at once; try again in a few seconds',
  listTooLarge: 'The list is too large (more than {{max}} rows); ask for it page by page',
  invalidProjection: 'Invalid projection: {{reason}}',
  // places and products (docs/places.md)
  customerNameTaken: 'A customer with this name already exists',
  locationNameTaken: 'This customer already has a location with this name',
  gatewayNameTaken: 'This location already has a gateway with this name',
  macTaken: 'A gateway with this MAC address already exists',
  productNameTaken: 'A product with this name already exists',
  customerInUse: 'Customer still has {{locations}} location(s), {{gateways}} gateway(s), {{nodes}} node(s) and {{users}} user(s)',
  locationInUse: 'Location still has {{gateways}} gateway(s) and {{nodes}} node(s)',
  locationHasSamplePoints: 'Location still has {{samplePoints}} sample point(s); their results are kept',
  gatewayInUse: 'Gateway still has {{nodes}} node(s)',
  gatewayMoveInUse: 'A gateway with {{nodes}} node(s) cannot move to another customer',
  productInUse: 'Product is still used by {{gateways}} gateway(s) and {{nodes}} node(s)',
  inUse: 'Still in use',
  // network servers and devices (docs/telemetry.md)
  networkServerNameTaken: 'A network server with this name already exists',
  networkServerInUse: 'Network server is still used by {{nodes}} node(s)',
  euiTaken: 'A node with this EUI already exists',
  euiDuplicateInFile: 'This EUI is already on line {{row}} of the file',
  csvInvalid: 'Invalid CSV file: {{reason}}',
  currentPasswordRequired: 'Enter your current password to change your password or e-mail address',
  // alarms (docs/alarms.md, "Handling")
  alarmAlreadyResolved: 'This alarm has already been resolved',
  alarmAlreadyAcknowledged: 'This alarm has already been acknowledged',
  alarmAssigneeNotAllowed: 'This user may not see this alarm, so it cannot be assigned to them',
  alarmAssigneeMayNotHandle: 'This user may not handle this kind of alarm, so it cannot be assigned to them',
  alarmKindNotHandled: 'You may not handle this kind of alarm',
  smsNotConfigured: 'Sending text messages is not set up on this portal; ask the administrator',
  phoneCodeTooSoon: 'A code was just sent; try again in a minute',
  phoneCodeWrong: 'This code is not right',
  phoneCodeExpired: 'This code has expired; ask for a new one',
  phoneCodeTooManyTries: 'Too many wrong codes; ask for a new one',
  phoneCodeNone: 'Ask for a code first',
};

const ALL_ERRORS = { ...errorMessagesNl, ...screenErrorMessagesNl };
export type TErrorKey = `errors.${keyof typeof ALL_ERRORS}`;
/** Every `errors.<name>` key the server sends, general or a screen's. */
export const ERROR = Object.fromEntries(Object.keys(ALL_ERRORS).map((name) => [name, `errors.${name}`])) as {
  [K in keyof typeof ALL_ERRORS]: `errors.${K}`;
};

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
  range: 'Waarde moet tussen de {{min}} en {{max}} zijn',
  decimals: 'Waarde mag maximaal {{N}} decimalen hebben',
  multipleOf: 'Waarde moet een veelvoud van {{N}} zijn',
  passwordMismatch: 'Wachtwoorden komen niet overeen',
  oneOf: 'Kies een van de mogelijke waarden',
  tooLong: 'Maximaal {{max}} tekens',
  invalid: 'Ongeldige waarde',
  unknownCustomer: 'Onbekende klant: {{name}}',
};

export const validationMessagesEn: typeof validationMessagesNl = {
  required: 'Field is required',
  email: 'Invalid e-mail address',
  integer: 'Value must be an integer',
  number: 'Value must be a number',
  mac: 'Invalid MAC address',
  password: 'At least 8 characters',
  range: 'Value must be between {{min}} and {{max}}',
  decimals: 'Value may have at most {{N}} decimals',
  multipleOf: 'Value must be a multiple of {{N}}',
  passwordMismatch: 'Passwords do not match',
  oneOf: 'Choose one of the possible values',
  tooLong: 'At most {{max}} characters',
  invalid: 'Invalid value',
  unknownCustomer: 'Unknown customer: {{name}}',
};

export const errorMessagesNl = {
  badRequest: 'Ongeldige invoer',
  unauthorized: 'Niet ingelogd of sessie verlopen',
  invalidCredentials: 'Ongeldig e-mailadres of wachtwoord.',
  incorrectPassword: 'Ongeldig wachtwoord.',
  forbidden: 'Onvoldoende rechten',
  notFound: 'Niet gevonden',
  pageNotFound: 'Pagina niet gevonden',
  conflict: 'Bestaat al of is nog in gebruik',
  payloadTooLarge: 'Te groot',
  tooManyAttempts: 'Te veel pogingen, probeer het over enkele minuten opnieuw',
  internal: 'Er ging iets mis op de server',
  unavailable: 'De server is tijdelijk niet beschikbaar',
  minAdmin: 'Er moet tenminste een administrator zijn',
  emailTaken: 'Er bestaat al een gebruiker met dit e-mailadres',
  cannotDeleteSelf: 'U kunt uw eigen account niet verwijderen',
  unsupportedDeviceType: 'Apparaattype wordt niet ondersteund',
  invalidJson: 'Ongeldige JSON in {{param}}',
  invalidConditions: 'Ongeldige zoekvoorwaarde: {{reason}}',
  unknownField: 'Onbekend veld: {{field}}',
  unknownOperator: 'Onbekende operator: {{operator}}',
  conditionsTooDeep: 'Zoekvoorwaarde is te diep genest (maximaal {{max}} niveaus)',
  conditionsTooLarge: 'Zoekvoorwaarde is te groot (maximaal {{max}} waarden)',
  invalidProjection: 'Ongeldige projectie: {{reason}}',
};

export const errorMessagesEn: typeof errorMessagesNl = {
  badRequest: 'Invalid input',
  unauthorized: 'Not signed in or session expired',
  invalidCredentials: 'Invalid e-mail address or password.',
  incorrectPassword: 'Incorrect password.',
  forbidden: 'Insufficient rights',
  notFound: 'Not found',
  pageNotFound: 'Page not found',
  conflict: 'Already exists or still in use',
  payloadTooLarge: 'Too large',
  tooManyAttempts: 'Too many attempts, try again in a few minutes',
  internal: 'Something went wrong on the server',
  unavailable: 'The server is temporarily unavailable',
  minAdmin: 'There must be at least one administrator',
  emailTaken: 'A user with this e-mail address already exists',
  cannotDeleteSelf: 'You cannot delete your own account',
  unsupportedDeviceType: 'Device type is not supported',
  invalidJson: 'Invalid JSON in {{param}}',
  invalidConditions: 'Invalid condition: {{reason}}',
  unknownField: 'Unknown field: {{field}}',
  unknownOperator: 'Unknown operator: {{operator}}',
  conditionsTooDeep: 'Condition is nested too deeply (at most {{max}} levels)',
  conditionsTooLarge: 'Condition is too large (at most {{max}} values)',
  invalidProjection: 'Invalid projection: {{reason}}',
};

export type TErrorKey = `errors.${keyof typeof errorMessagesNl}`;
export const ERROR = Object.fromEntries(Object.keys(errorMessagesNl).map((name) => [name, `errors.${name}`])) as {
  [K in keyof typeof errorMessagesNl]: `errors.${K}`;
};

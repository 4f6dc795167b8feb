/** Business constants (docs/screens.md, "Constants"). */
export const PRODUCT_NAME = 'Aquasmart Portal';
/** The app bar's title on phones and the web app manifest's short_name. */
export const PRODUCT_SHORT_NAME = 'Aquasmart';
export const VERSION_STRING = 'develop-1.0.6';

export const LANGUAGES = ['nl', 'en', 'fr', 'de'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Languages a user account may store (docs/screens.md, "Constants": en or nl, default nl). */
export const USER_LANGUAGES = ['nl', 'en'] as const;
export const DEFAULT_LANGUAGE: TLanguage = 'nl';
export const FALLBACK_LANGUAGE: TLanguage = 'en';
/** The cookie with the language picked in a browser: the server paints /login in it before the app's script runs. */
export const LANGUAGE_COOKIE = 'aquasmart.language';

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export const CALIBRATION_INTERVALS = [1, 2, 3] as const;
export const DEFAULT_CUSTOMER_CALIBRATION_INTERVAL = 2;
export const DEFAULT_LOCATION_CALIBRATION_INTERVAL = 1;
export const REGISTRATION_CALIBRATION_INTERVAL = 2;

export const MIN_TEMPERATURE_DEVIATION = 1;
export const MAX_TEMPERATURE_DEVIATION = 5;
/** Minimum temperature deviation of a node (docs/screens.md, "Constants"): whole degrees 1 to 5 °C. */
export const MINIMUM_DEVIATION = { min: MIN_TEMPERATURE_DEVIATION, max: MAX_TEMPERATURE_DEVIATION } as const;
export const MINIMUM_DEVIATIONS = [1, 2, 3, 4, 5] as const;

export const DAY_MS = 86_400_000;
export const YEARLY_CALIBRATION_MS = 365.2425 * DAY_MS;
/** Two- and three-yearly lists both use 730 days (docs/screens.md, "Constants"). */
export const MULTI_YEAR_CALIBRATION_MS = 63_113_904_000;
export const OFFLINE_AFTER_MS = 6 * 60 * 60 * 1000;
export const FAULTY_READING_AT_OR_BELOW = -100;
export const NO_SENSOR_VALUE = -102.4;
export const CALIBRATION_FRESHNESS_MS = 120_000;

export const HOT_WATER_MIN_CELSIUS = 60;
export const COLD_WATER_MAX_CELSIUS = 25;

export const DEVICE_TYPES = ['V1', 'V2', 'V3'] as const;
export type TDeviceType = (typeof DEVICE_TYPES)[number];

export const MEASURE_MODES = ['disabled', 'actual', 'average', 'maximum'] as const;
export const CHANNEL_MODES = ['KW', 'WW', 'Meng/uittap'] as const;
export const ATTACHMENT_OPTIONS = ['Nattouwtje'] as const;
/** Same list as ATTACHMENT_OPTIONS, under the name the node schemas use. */
export const CHANNEL_ATTACHMENTS = ATTACHMENT_OPTIONS;
export const PRODUCT_TYPES = ['Device', 'Gateway', 'Faucet', 'Other'] as const;
export const PLATFORMS = ['LegionellaDossier', 'XIC', 'Unica'] as const;
export const LORA_STATES = ['Started', 'Stopped'] as const;
export const CHANNEL_TYPES = ['Temperatuur', 'Batterij', 'Event'] as const;

export const CSV_CALIBRATION_HEADER = 'Datum;Naam;EUI;Klant;Locatie;Kanaal;Meetwaarde;Ijkwaarde;Afwijking';

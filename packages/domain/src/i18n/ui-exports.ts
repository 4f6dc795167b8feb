/**
 * The list exports (docs/exports.md): the column headers of each list's CSV in the user's language,
 * and the sync states as words. The server writes the headers; the button's label is `table.export`
 * (ui.ts). German is written out here because the CSV is a document (as the logbook's CSV is),
 * where the screens fall back to English.
 */
export const exportTextsNl = {
  sync: { none: 'Geen parameters', pending: 'Wacht op synchronisatie', saved: 'Gesynchroniseerd' },
  nodes: {
    name: 'Naam',
    eui: 'EUI',
    customer: 'Klant',
    location: 'Locatie',
    gateway: 'Gateway',
    type: 'Type',
    version: 'Versie',
    temperature: 'Temperatuur {{number}} (°C)',
    calibration: 'Kalibratie',
    sync: 'Sync',
    signal: 'Signaal (0-4)',
    rssi: 'RSSI (dBm)',
    lastOnline: 'Laatst online',
  },
};
export type TExportTexts = typeof exportTextsNl;

export const exportTextsEn: TExportTexts = {
  sync: { none: 'No parameters', pending: 'Waiting for synchronisation', saved: 'Synchronised' },
  nodes: {
    name: 'Name',
    eui: 'EUI',
    customer: 'Customer',
    location: 'Location',
    gateway: 'Gateway',
    type: 'Type',
    version: 'Version',
    temperature: 'Temperature {{number}} (°C)',
    calibration: 'Calibration',
    sync: 'Sync',
    signal: 'Signal (0-4)',
    rssi: 'RSSI (dBm)',
    lastOnline: 'Last online',
  },
};

export const exportTextsDe: TExportTexts = {
  sync: { none: 'Keine Parameter', pending: 'Wartet auf Synchronisierung', saved: 'Synchronisiert' },
  nodes: {
    name: 'Name',
    eui: 'EUI',
    customer: 'Kunde',
    location: 'Standort',
    gateway: 'Gateway',
    type: 'Typ',
    version: 'Version',
    temperature: 'Temperatur {{number}} (°C)',
    calibration: 'Kalibrierung',
    sync: 'Sync',
    signal: 'Signal (0-4)',
    rssi: 'RSSI (dBm)',
    lastOnline: 'Zuletzt online',
  },
};

export const EXPORT_LANGUAGES = ['nl', 'en', 'de'] as const;
export type TExportLanguage = (typeof EXPORT_LANGUAGES)[number];

export function exportTexts(language: TExportLanguage): TExportTexts {
  return language === 'en' ? exportTextsEn : language === 'de' ? exportTextsDe : exportTextsNl;
}

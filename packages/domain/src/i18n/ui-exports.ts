/**
 * The list exports (docs/exports.md): the column headers of each list's CSV in the user's language,
 * and the sync states as words. The server writes the headers; the button's label is `table.export`
 * (ui.ts). German is written out here because the CSV is a document (as the logbook's CSV is),
 * where the screens fall back to English.
 */
export const exportTextsNl = {
  sync: { none: 'Geen parameters', pending: 'Wacht op synchronisatie', saved: 'Gesynchroniseerd' },
  places: {
    name: 'Naam',
    customer: 'Klant',
    reference: 'Referentie',
    address: 'Adres',
    postalCode: 'Postcode',
    city: 'Plaats',
    country: 'Land',
    sync: 'Sync',
    online: 'Online',
    nodes: 'Nodes',
    channels: 'Kanalen',
  },
  gateways: { name: 'Naam', mac: 'MAC', type: 'Type', lastSeen: 'Laatst gezien', customer: 'Klant', location: 'Locatie' },
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
  places: {
    name: 'Name',
    customer: 'Customer',
    reference: 'Reference',
    address: 'Address',
    postalCode: 'Postal code',
    city: 'City',
    country: 'Country',
    sync: 'Sync',
    online: 'Online',
    nodes: 'Nodes',
    channels: 'Channels',
  },
  gateways: { name: 'Name', mac: 'MAC', type: 'Type', lastSeen: 'Last seen', customer: 'Customer', location: 'Location' },
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
  places: {
    name: 'Name',
    customer: 'Kunde',
    reference: 'Referenz',
    address: 'Adresse',
    postalCode: 'Postleitzahl',
    city: 'Ort',
    country: 'Land',
    sync: 'Sync',
    online: 'Online',
    nodes: 'Nodes',
    channels: 'Kanäle',
  },
  gateways: { name: 'Name', mac: 'MAC', type: 'Typ', lastSeen: 'Zuletzt gesehen', customer: 'Kunde', location: 'Standort' },
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

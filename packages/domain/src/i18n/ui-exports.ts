/**
 * The list exports (docs/exports.md): the column headers of each list's CSV in the user's language,
 * and the sync states as words. The server writes the headers; the button's label is `table.export`
 * (ui.ts). German is written out here because the CSV is a document (as the logbook's CSV is),
 * where the screens fall back to English.
 */
import { placesUiEn, placesUiNl } from './ui-places';

/** The place lists' headers are the screens' own column titles. */
const placeHeaders = ({ name, customer, reference, address, postalCode, city, country, sync, online, nodes, channels }: typeof placesUiNl.places) => ({
  name,
  customer,
  reference,
  address,
  postalCode,
  city,
  country,
  sync,
  online,
  nodes,
  channels,
});
const gatewayHeaders = ({ gateways, places }: typeof placesUiNl) => ({
  name: gateways.name,
  mac: gateways.mac,
  type: gateways.type,
  lastSeen: gateways.lastSeen,
  customer: places.customer,
  location: places.location,
});

export const exportTextsNl = {
  sync: { none: 'Geen parameters', pending: 'Wacht op synchronisatie', saved: 'Gesynchroniseerd' },
  places: placeHeaders(placesUiNl.places),
  gateways: gatewayHeaders(placesUiNl),
  alarms: {
    id: 'Nummer',
    kind: 'Soort',
    channel: 'Kanaal',
    subject: 'Node of gateway',
    eui: 'EUI',
    customer: 'Klant',
    location: 'Locatie',
    openedAt: 'Begonnen',
    closedAt: 'Toestand voorbij',
    state: 'Status',
    assignee: 'Toegewezen aan',
  },
  audit: { time: 'Tijd', user: 'Gebruiker', change: 'Wijziging (JSON)', system: 'Portal' },
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
  places: placeHeaders(placesUiEn.places),
  gateways: gatewayHeaders(placesUiEn),
  alarms: {
    id: 'Number',
    kind: 'Kind',
    channel: 'Channel',
    subject: 'Node or gateway',
    eui: 'EUI',
    customer: 'Customer',
    location: 'Location',
    openedAt: 'Started',
    closedAt: 'Condition cleared',
    state: 'State',
    assignee: 'Assigned to',
  },
  audit: { time: 'Time', user: 'User', change: 'Change (JSON)', system: 'Portal' },
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
  gateways: { name: 'Name', mac: 'MAC-Adresse', type: 'Typ', lastSeen: 'Zuletzt gehört', customer: 'Kunde', location: 'Standort' },
  alarms: {
    id: 'Nummer',
    kind: 'Art',
    channel: 'Kanal',
    subject: 'Node oder Gateway',
    eui: 'EUI',
    customer: 'Kunde',
    location: 'Standort',
    openedAt: 'Begonnen',
    closedAt: 'Zustand beendet',
    state: 'Status',
    assignee: 'Zugewiesen an',
  },
  audit: { time: 'Zeit', user: 'Benutzer', change: 'Änderung (JSON)', system: 'Portal' },
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

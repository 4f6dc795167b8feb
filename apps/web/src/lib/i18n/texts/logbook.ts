import {
  deviationsUiEn,
  deviationsUiNl,
  disinfectionsUiEn,
  disinfectionsUiNl,
  logbookReportTextsDe,
  logbookReportTextsEn,
  logbookReportTextsNl,
  logbookScreenUiDe,
  logbookScreenUiEn,
  logbookScreenUiNl,
} from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';
import { i18n } from '../i18n';

// The Logbook tab of the location and customer pages, added when the route table loads one of them.
// `logbookReport` holds the report's labels, the same texts the server's PDF and CSV use.
// The Deviations tab of the same pages (docs/logbook.md, "Deviations") comes with them, and the planned
// thermal disinfections of a location's Logbook tab ("Thermal disinfection").
addFeatureTexts({
  nl: { ...logbookScreenUiNl, ...deviationsUiNl, ...disinfectionsUiNl, logbookReport: logbookReportTextsNl },
  en: { ...logbookScreenUiEn, ...deviationsUiEn, ...disinfectionsUiEn, logbookReport: logbookReportTextsEn },
});

/**
 * The report's preview is written in the report's language (nl, en or de: German has report texts,
 * the screens have none): its own namespace, so the German texts never reach the screens' 'de'
 * (English) catalogue. The preview reads it through an i18next clone (report-preview.tsx).
 */
export const LOGBOOK_PREVIEW_NS = 'logbookPreview';
for (const [language, bundle] of [
  ['nl', { ...logbookScreenUiNl, logbookReport: logbookReportTextsNl }],
  ['en', { ...logbookScreenUiEn, logbookReport: logbookReportTextsEn }],
  ['de', { ...logbookScreenUiDe, logbookReport: logbookReportTextsDe }],
] as const) {
  i18n.addResourceBundle(language, LOGBOOK_PREVIEW_NS, bundle, true, true);
}

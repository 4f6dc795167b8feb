import { logbookReportTextsEn, logbookReportTextsNl, logbookScreenUiEn, logbookScreenUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The Logbook tab of the location and customer pages, added when the route table loads one of them.
// `logbookReport` holds the report's labels, the same texts the server's PDF and CSV use.
addFeatureTexts({
  nl: { ...logbookScreenUiNl, logbookReport: logbookReportTextsNl },
  en: { ...logbookScreenUiEn, logbookReport: logbookReportTextsEn },
});

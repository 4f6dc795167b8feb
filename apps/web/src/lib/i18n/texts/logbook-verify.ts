import { logbookReportTextsEn, logbookReportTextsNl, logbookVerifyUiEn, logbookVerifyUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The page that verifies an issued logbook file (/logbook/verify); it names verdicts with the report's texts.
addFeatureTexts({
  nl: { ...logbookVerifyUiNl, logbookReport: logbookReportTextsNl },
  en: { ...logbookVerifyUiEn, logbookReport: logbookReportTextsEn },
});

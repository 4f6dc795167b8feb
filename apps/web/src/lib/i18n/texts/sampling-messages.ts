import { samplingMessagesEn, samplingMessagesNl, samplingScreenUiEn, samplingScreenUiNl, samplingTextsEn, samplingTextsNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The validation and error messages of sampling (docs/sampling.md), added with the location page that shows its points and results,
// with the texts of its Sampling tab (docs/sampling.md, "Screens"); the verdicts and legal steps are sampling's own (the server's notification uses them too).
addFeatureTexts({ nl: samplingMessagesNl, en: samplingMessagesEn });
addFeatureTexts({
  nl: { sampling: { ...samplingScreenUiNl.sampling, verdicts: samplingTextsNl.verdicts, legalSteps: samplingTextsNl.legalSteps } },
  en: { sampling: { ...samplingScreenUiEn.sampling, verdicts: samplingTextsEn.verdicts, legalSteps: samplingTextsEn.legalSteps } },
});

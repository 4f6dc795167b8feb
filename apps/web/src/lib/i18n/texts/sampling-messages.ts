import { samplingMessagesEn, samplingMessagesNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The validation and error messages of sampling (docs/sampling.md), added with the location page that shows its points and results.
addFeatureTexts({ nl: samplingMessagesNl, en: samplingMessagesEn });

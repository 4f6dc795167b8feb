import { screenErrorMessagesEn, screenErrorMessagesNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The refusals only signed-in screens show (messages-screens.ts), added when the shell loads: they
// are off /login (its 200 kB budget), which has the general ones.
addFeatureTexts({ nl: { errors: screenErrorMessagesNl }, en: { errors: screenErrorMessagesEn } });

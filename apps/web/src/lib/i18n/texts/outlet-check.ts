import { outletCheckUiEn, outletCheckUiNl, outletMessagesEn, outletMessagesNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The check at the outlet (docs/outlets.md, "The check at the outlet"), added with its route: the screen's texts and
// the outlets' messages (validation and error keys of the checks API, the names of checks, kinds and verdicts).
addFeatureTexts({ nl: outletMessagesNl, en: outletMessagesEn });
addFeatureTexts({ nl: outletCheckUiNl, en: outletCheckUiEn });

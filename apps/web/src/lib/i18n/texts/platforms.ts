import { platformsUiEn, platformsUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The external platform's delivery state (the #platform tab of customers and locations), added when that tab loads.
addFeatureTexts({ nl: platformsUiNl, en: platformsUiEn });

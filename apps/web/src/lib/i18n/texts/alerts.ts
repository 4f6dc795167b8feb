import { alertsUiEn, alertsUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The e-mail alert texts (outbox screen, toggle explanations), added when the route table loads a screen that shows them.
addFeatureTexts({ nl: alertsUiNl, en: alertsUiEn });

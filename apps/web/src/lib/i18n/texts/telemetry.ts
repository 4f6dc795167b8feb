import { telemetryUiEn, telemetryUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The feature screens' own texts, added when the route table loads one of their screens.
addFeatureTexts({ nl: telemetryUiNl, en: telemetryUiEn });

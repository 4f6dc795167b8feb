import { webhooksUiEn, webhooksUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The webhooks screen (/webhooks, docs/webhooks.md). Loaded with the screen, never by the login page.
addFeatureTexts({ nl: webhooksUiNl, en: webhooksUiEn });

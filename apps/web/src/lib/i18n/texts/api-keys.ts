import { apiKeysUiEn, apiKeysUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The API keys screen (/api-keys, docs/api-keys.md) and the refusals of keys. Loaded with the screen, never by the login
// page. German screens read English like the rest of the portal; the German texts wait in the domain package (apiKeysUiDe).
addFeatureTexts({ nl: apiKeysUiNl, en: apiKeysUiEn });

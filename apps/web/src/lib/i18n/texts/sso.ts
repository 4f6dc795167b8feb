import { ssoUiEn, ssoUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// Single sign-on (docs/sso.md): the providers screen and the refusals /login shows after a provider's answer.
// Loaded with the screen, or by /login only when there is a refusal to show. German reads English.
addFeatureTexts({ nl: ssoUiNl, en: ssoUiEn });

import { twoFactorUiEn, twoFactorUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// Two-factor sign-in: the account page's set-up and the login page's code step.
addFeatureTexts({ nl: twoFactorUiNl, en: twoFactorUiEn });

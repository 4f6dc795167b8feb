import { passwordResetUiEn, passwordResetUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The forgotten-password pages (/forgot-password, /reset-password) and their refusal.
addFeatureTexts({ nl: passwordResetUiNl, en: passwordResetUiEn });

import { fieldUiEn, fieldUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The scanner's and the label sheet's texts (docs/field-work.md), added when the scanner opens.
addFeatureTexts({ nl: fieldUiNl, en: fieldUiEn });

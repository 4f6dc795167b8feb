import { usersUiEn, usersUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The user screens' own texts, added when the route table loads one of them.
addFeatureTexts({ nl: usersUiNl, en: usersUiEn });

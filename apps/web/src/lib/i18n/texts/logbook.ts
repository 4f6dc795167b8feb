import { logbookScreenUiEn, logbookScreenUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The Logbook tab of the location and customer pages, added when the route table loads one of them.
addFeatureTexts({ nl: logbookScreenUiNl, en: logbookScreenUiEn });

import { outletMessagesEn, outletMessagesNl, outletsScreenUiEn, outletsScreenUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The outlet screens' texts (docs/outlets.md, "Screens"): the location's #outlets tab, the dashboard's checks card and the
// outlet alarms' subject and details. Imported by those screens' chunks, never by the login page. German screens read
// English like the rest of the portal (docs/screens.md, "Languages"); the German texts wait in the domain package.
addFeatureTexts({ nl: outletMessagesNl, en: outletMessagesEn });
addFeatureTexts({ nl: outletsScreenUiNl, en: outletsScreenUiEn });

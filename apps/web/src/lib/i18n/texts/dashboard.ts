import { dashboardUiEn, dashboardUiNl } from '@aquasmart/domain';
import { addFeatureTexts } from '../feature-texts';

// The dashboard and its lists, added when the route table loads one of their screens (also the
// customer page, whose #dashboard tab shows the dashboard).
addFeatureTexts({ nl: dashboardUiNl, en: dashboardUiEn });

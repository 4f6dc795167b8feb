import { useTranslation } from 'react-i18next';
import { LocationDetailPage } from '../../features/locations/location-detail-page';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { deviationsTab } from './deviations-tab';
import { logbookTab } from './logbook-tab';
import { outletsTab } from './outlets-tab';
import { platformTab } from './platform-tab';
import { samplingTab } from './sampling-tab';

/** /locations/{customer}/{name}: the location page with the logbook feature in its #logbook tab, its deviations in #deviations, its sampling in #sampling, its outlets and checks in #outlets and, for administrators, the #platform tab. */
export function LocationDetailScreen() {
  const { t } = useTranslation();
  const admin = isAdministrator(useCurrentUser().data);
  return <LocationDetailPage moreTabs={(customer, location) => [logbookTab(t, customer, location), deviationsTab(t, customer, location), samplingTab(t, customer, location), outletsTab(t, customer, location), ...(admin ? [platformTab(t, customer, location)] : [])]} />;
}

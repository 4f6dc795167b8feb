import { useTranslation } from 'react-i18next';
import { LocationDetailPage } from '../../features/locations/location-detail-page';
import { logbookTab } from './logbook-tab';

/** /locations/{customer}/{name}: the location page with the logbook feature in its #logbook tab. */
export function LocationDetailScreen() {
  const { t } = useTranslation();
  return <LocationDetailPage moreTabs={(customer, location) => [logbookTab(t, customer, location)]} />;
}

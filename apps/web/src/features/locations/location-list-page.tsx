import { useTranslation } from 'react-i18next';
import { LocationList } from '../../components/places/location-list';
import { PageHeader } from '../../components/page';

/** /locations (docs/places-screens.md, "Lists"): the locations of every customer the user may see, sorted by name. */
export function LocationListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.locations')} />
      <LocationList />
    </>
  );
}

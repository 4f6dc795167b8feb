import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { customerOptionsQuery } from '../../lib/api/customers';
import { locationScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { PlaceFormScreen } from '../../components/places/place-form-screen';
import { emptyPlaceForm, intervalAfterCustomerChoice, toLocationBody } from '../../components/places/place-form';
import { createLocation } from '../../lib/api/locations';

/** /locations/new (addLocation), optional ?customer=; the new location takes its customer's interval. */
export function LocationNewPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const [search] = useSearchParams();
  const customers = useQuery(customerOptionsQuery);
  const preset = search.get('customer') ?? '';
  const options = customers.data;
  const values = useMemo(() => {
    const empty = emptyPlaceForm('location', preset);
    if (!options) return empty;
    // An unknown or invisible ?customer is not offered: the user chooses.
    const customer = options.some((option) => option.name === preset) ? preset : '';
    return { ...empty, customer, interval: intervalAfterCustomerChoice({ mode: 'create', customer, customers: options, current: empty.interval }) };
  }, [preset, options]);
  const admin = isAdministrator(user);
  return (
    <>
      <PageHeader title={t('routes.locationNew')} />
      {user && options ? (
        <PlaceFormScreen
          kind="location"
          mode="create"
          admin={admin}
          title={t('routes.locationNew')}
          submitLabel={t('places.create')}
          values={values}
          save={async (form) => {
            const saved = await createLocation(toLocationBody(form, { mode: 'create', admin }));
            return locationScreen(saved.customer, saved.name);
          }}
          successKey="snackbar.locationCreate"
          errorKey="snackbar.locationCreateError"
        />
      ) : (
        <LinearProgress aria-label={t('common.loading')} />
      )}
    </>
  );
}

import { useMemo } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { customerScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { PlaceFormScreen } from '../../components/places/place-form-screen';
import { emptyPlaceForm, toCustomerBody } from '../../components/places/place-form';
import { createCustomer } from '../../lib/api/customers';

/** /customers/new (addCustomer): on success the new customer opens. */
export function CustomerNewPage() {
  const { t } = useTranslation();
  const user = useCurrentUser().data;
  const values = useMemo(() => emptyPlaceForm('customer'), []);
  const admin = isAdministrator(user);
  return (
    <>
      <PageHeader title={t('routes.customerNew')} />
      {user ? (
        <PlaceFormScreen
          kind="customer"
          mode="create"
          admin={admin}
          title={t('routes.customerNew')}
          submitLabel={t('places.create')}
          values={values}
          save={async (form) => customerScreen((await createCustomer(toCustomerBody(form, { mode: 'create', admin }))).name)}
          successKey="snackbar.customerCreate"
          errorKey="snackbar.customerCreateError"
        />
      ) : (
        <LinearProgress aria-label={t('common.loading')} />
      )}
    </>
  );
}

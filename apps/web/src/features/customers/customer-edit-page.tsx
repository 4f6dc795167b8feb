import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { customerScreen } from '../../lib/api/places';
import { PageHeader } from '../../components/page';
import { PlaceFormScreen } from '../../components/places/place-form-screen';
import { placeToForm, toCustomerBody } from '../../components/places/place-form';
import { customerQuery, patchCustomer } from '../../lib/api/customers';
import { EscalationForm } from './components/escalation-form';
import { CustomerEscalationChain } from './components/escalation-chain';
import { QueryStatus } from '../../components/progress/query-status';

/** /customers/{name}/edit (editCustomer); afterwards /customers/{name}#details (docs/screens.md, "Routes"). */
export function CustomerEditPage() {
  const { t } = useTranslation();
  const name = useParams().customer ?? '';
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const result = useQuery(customerQuery(name));
  const loaded = result.data;
  const values = useMemo(() => (loaded ? placeToForm(loaded) : null), [loaded]);
  const admin = isAdministrator(user);
  const title = t('routes.customerEdit').replace(':customer', loaded?.name ?? name);
  return (
    <>
      <PageHeader title={title} />
      <QueryStatus query={result} errorText={t('customers.loadError')} busy={!user} gap={2} />
      {values && user ? (
        <PlaceFormScreen
          kind="customer"
          mode="edit"
          admin={admin}
          title={title}
          submitLabel={t('common.save')}
          values={values}
          save={async (form) => {
            const saved = await patchCustomer(name, toCustomerBody(form, { mode: 'edit', admin }));
            if (saved.name !== name) void queryClient.invalidateQueries({ queryKey: customerQuery(name).queryKey, refetchType: 'none' });
            queryClient.setQueryData(customerQuery(saved.name).queryKey, saved);
            return `${customerScreen(saved.name)}#details`;
          }}
          successKey="snackbar.customerEdit"
          errorKey="snackbar.customerEditError"
        />
      ) : null}
      {values && user ? <EscalationForm customer={loaded?.name ?? name} /> : null}
      {values && user ? <CustomerEscalationChain customer={loaded?.name ?? name} /> : null}
    </>
  );
}

import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isAdministrator } from '@aquasmart/domain';
import { useCurrentUser } from '../../lib/session/current-user';
import { PageHeader } from '../../components/page';
import { PlaceFormScreen } from '../../components/places/place-form-screen';
import { placeToForm, toLocationBody } from '../../components/places/place-form';
import { locationQuery, patchLocation } from '../../lib/api/locations';
import { QueryStatus } from '../../components/progress/query-status';
import { EscalationChainForm } from '../../components/alarms/escalation-chain-form';
import { fetchEscalationCandidates, locationChainQuery, patchLocationChain } from '../../lib/api/escalation';
import { locationScreen } from '../../lib/api/places';

/**
 * /locations/{customer}/{name}/edit (editLocation, or editNode for the notes only: docs/places-screens.md,
 * "A field engineer keeps a location's notes"). Another customer (moveLocation) moves the location with its gateways and nodes,
 * and takes the new customer's interval.
 */
export function LocationEditPage() {
  const { t } = useTranslation();
  const params = useParams();
  const customer = params.customer ?? '';
  const name = params.location ?? '';
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const result = useQuery(locationQuery(customer, name));
  const loaded = result.data;
  const values = useMemo(() => (loaded ? placeToForm(loaded) : null), [loaded]);
  const original = useMemo(() => (values ? { customer: values.customer, interval: values.interval } : undefined), [values]);
  const admin = isAdministrator(user);
  const title = t('routes.locationEdit').replace(':location', loaded?.name ?? name);
  return (
    <>
      <PageHeader title={title} subtitle={loaded?.customer} />
      <QueryStatus query={result} errorText={t('locations.loadError')} busy={!user} gap={2} />
      {values && user ? (
        <PlaceFormScreen
          kind="location"
          mode="edit"
          admin={admin}
          title={title}
          submitLabel={t('common.save')}
          values={values}
          customerEditable={hasAnyRight(user, 'moveLocation')}
          detailsEditable={hasAnyRight(user, 'editLocation')}
          original={original}
          save={async (form) => {
            const saved = await patchLocation(customer, name, toLocationBody(form, { mode: 'edit', admin }));
            queryClient.setQueryData(locationQuery(saved.customer, saved.name).queryKey, saved);
            return `${locationScreen(saved.customer, saved.name)}#details`;
          }}
          successKey="snackbar.locationEdit"
          errorKey="snackbar.locationEditError"
        />
      ) : null}
      {values && user && hasAnyRight(user, 'editLocation') ? <LocationEscalationChain customer={loaded?.customer ?? customer} location={loaded?.name ?? name} /> : null}
    </>
  );
}

/** A location's own escalation chain (docs/escalation.md): before the customer's; none, the customer's holds. */
function LocationEscalationChain({ customer, location }: { customer: string; location: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayListUsers = hasAnyRight(useCurrentUser().data, 'userManagement');
  const loaded = useQuery(locationChainQuery(customer, location));
  const candidates = useQuery({ queryKey: ['users', 'escalation', customer], queryFn: ({ signal }) => fetchEscalationCandidates(customer, signal), enabled: mayListUsers });
  return (
    <EscalationChainForm
      stages={loaded.data?.stages}
      candidates={candidates.data ?? []}
      candidatesLoading={candidates.isPending}
      mayListUsers={mayListUsers}
      help={`${t('escalationChain.help')} ${t('escalationChain.helpLocation')}`}
      onSave={async (stages) => {
        const saved = await patchLocationChain(customer, location, stages);
        queryClient.setQueryData(locationChainQuery(customer, location).queryKey, saved);
        return saved.stages;
      }}
    />
  );
}

import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form/form-select';
import { customerOptionsQuery } from '../../../lib/api/customers';
import { gatewayNamesQuery, locationIntervalsQuery } from '../../../lib/api/nodes';
import { intervalOfLocation, keptAfterReload } from '../node-form';

interface TPlaceValues {
  customer: string;
  location: string;
  gateway: string;
  interval?: string;
}

const NO_GATEWAY = '';

function withCurrent(names: readonly string[], current: string): string[] {
  return current && !names.includes(current) ? [current, ...names] : [...names];
}

/**
 * Customer, location and gateway of a node (docs/nodes-screens.md, "Register" and "Edit"): another customer reloads its
 * locations and clears a location (and gateway) it does not have; another location reloads its
 * gateways, clears a gateway it does not have and, on edit, copies its calibration interval.
 * The gateway is shown only with gatewayManagement; moving needs moveNode on edit.
 */
export function NodePlaceFields({ showGateway, moveAllowed, copyInterval }: { showGateway: boolean; moveAllowed: boolean; copyInterval: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<TPlaceValues>();
  const customer = useWatch({ control: form.control, name: 'customer' });
  const location = useWatch({ control: form.control, name: 'location' });
  const gateway = useWatch({ control: form.control, name: 'gateway' });
  const customers = useQuery(customerOptionsQuery);
  const locations = useQuery(locationIntervalsQuery(customer));
  const gateways = useQuery(gatewayNamesQuery(customer, location, showGateway));
  const locationNames = locations.data?.map((row) => row.name);

  useEffect(() => {
    if (!locationNames) return;
    const current = form.getValues('location');
    const kept = keptAfterReload(current, locationNames);
    if (kept !== current) {
      form.setValue('location', kept, { shouldDirty: true });
      form.setValue('gateway', NO_GATEWAY, { shouldDirty: true });
    }
    // Only a new list matters, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locations.data, form]);

  useEffect(() => {
    if (!gateways.data) return;
    const current = form.getValues('gateway');
    if (current && keptAfterReload(current, gateways.data) !== current) form.setValue('gateway', NO_GATEWAY, { shouldDirty: true });
  }, [gateways.data, form]);

  // A location chosen by the user gives the node its calibration interval.
  const locationState = form.getFieldState('location');
  const moved = useRef(false);
  useEffect(() => {
    const wasMoved = moved.current;
    moved.current = locationState.isDirty;
    if (!copyInterval || !locations.data) return;
    // Back at the node's own location: its own interval again, not the one copied on the way.
    if (!locationState.isDirty) {
      if (wasMoved) form.resetField('interval');
      return;
    }
    const interval = intervalOfLocation(location, locations.data);
    if (interval) form.setValue('interval', interval, { shouldDirty: true });
  }, [copyInterval, location, locations.data, locationState.isDirty, form]);

  const customerNames = (customers.data ?? []).map((option) => option.name);
  return (
    <>
      <FormSelect<TPlaceValues>
        name="customer"
        label={t('nodes.customer')}
        required
        fullWidth
        disabled={!moveAllowed}
        helperText={moveAllowed ? undefined : t('nodes.edit.moveNotAllowed')}
        options={withCurrent(customerNames, customer).map((name) => ({ value: name, label: name }))}
      />
      <FormSelect<TPlaceValues>
        name="location"
        label={t('nodes.location')}
        required
        fullWidth
        disabled={!moveAllowed || customer === ''}
        helperText={customer === '' ? t('nodes.chooseCustomerFirst') : undefined}
        options={withCurrent(locationNames ?? [], location).map((name) => ({ value: name, label: name }))}
      />
      {showGateway ? (
        <FormSelect<TPlaceValues>
          name="gateway"
          label={t('nodes.gateway')}
          fullWidth
          disabled={location === ''}
          options={[{ value: NO_GATEWAY, label: <em>{t('nodes.noGateway')}</em> }, ...withCurrent(gateways.data ?? [], gateway).map((name) => ({ value: name, label: name }))]}
        />
      ) : null}
    </>
  );
}

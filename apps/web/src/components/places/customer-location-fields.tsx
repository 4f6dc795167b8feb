import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../form/form-select';
import { customerOptionsQuery } from '../../lib/api/customers';
import { locationNamesQuery } from '../../lib/api/locations';
import { locationAfterReload } from './place-form';

interface TCustomerLocationValues {
  customer: string;
  location: string;
}

/** Offered names plus the current value, so a value the list does not (yet) hold still shows. */
function withCurrent(names: readonly string[], current: string): string[] {
  return current && !names.includes(current) ? [current, ...names] : [...names];
}

/**
 * Customer and location choices (docs/places-screens.md, "Customer then location"): choosing a customer reloads its locations
 * and clears the chosen location when that customer has no location of that name.
 */
export function CustomerLocationFields({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const form = useFormContext<TCustomerLocationValues>();
  const customer = useWatch({ control: form.control, name: 'customer' });
  const location = useWatch({ control: form.control, name: 'location' });
  const customers = useQuery(customerOptionsQuery);
  const locations = useQuery(locationNamesQuery(customer));
  const names = locations.data;

  // The list of the chosen customer arrived: a location it does not have is cleared.
  useEffect(() => {
    if (!names) return;
    const kept = locationAfterReload(form.getValues('location'), names);
    if (kept !== form.getValues('location')) form.setValue('location', kept, { shouldDirty: true });
  }, [names, form]);

  const customerNames = (customers.data ?? []).map((option) => option.name);
  return (
    <>
      <FormSelect<TCustomerLocationValues>
        name="customer"
        label={t('places.customer')}
        required
        fullWidth
        disabled={disabled}
        options={withCurrent(customerNames, customer).map((name) => ({ value: name, label: name }))}
      />
      <FormSelect<TCustomerLocationValues>
        name="location"
        label={t('places.location')}
        required
        fullWidth
        disabled={disabled || customer === ''}
        helperText={customer === '' ? t('places.chooseCustomerFirst') : undefined}
        options={withCurrent(names ?? [], location).map((name) => ({ value: name, label: name }))}
      />
    </>
  );
}

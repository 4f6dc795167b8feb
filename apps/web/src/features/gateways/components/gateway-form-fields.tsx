import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { CustomerLocationFields } from '../../../components/places/customer-location-fields';
import { NotesField } from '../../../components/places/notes-field';
import { FieldGrid, Section } from '../../../components/page';
import { gatewayProductsQuery } from '../../../lib/api/gateways';
import type { TGatewayFormValues } from '../gateway-form';

/**
 * The product: a choice of the gateway products (gatewayManagement, which every user of this form
 * holds, may read them). A stored name that is no longer a gateway product stays selectable.
 */
function ProductField() {
  const { t } = useTranslation();
  const products = useQuery(gatewayProductsQuery);
  const current = useWatch<TGatewayFormValues, 'product'>({ name: 'product' });
  const names = products.data ?? [];
  const options = current && !names.includes(current) ? [current, ...names] : names;
  return (
    <FormSelect<TGatewayFormValues>
      name="product"
      label={t('gateways.product')}
      required
      fullWidth
      options={options.map((name) => ({ value: name, label: name }))}
    />
  );
}

/** The fields of gateway create and edit (docs/places.md, "Required fields"). */
export function GatewayFormFields({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation();
  useFormContext<TGatewayFormValues>();
  return (
    <Section title={t('gateways.detailsTitle')}>
      <FieldGrid>
        <FormTextField<TGatewayFormValues> name="name" label={t('gateways.name')} required fullWidth autoComplete="off" />
        <FormTextField<TGatewayFormValues>
          name="mac"
          label={t('gateways.mac')}
          required
          fullWidth
          autoComplete="off"
          helperText={t('gateways.macHelp')}
          inputProps={{ spellCheck: false, maxLength: 32 }}
        />
        <ProductField />
        <FormTextField<TGatewayFormValues> name="type" label={t('gateways.type')} fullWidth autoComplete="off" helperText={t('gateways.typeHelp')} />
        <CustomerLocationFields />
      </FieldGrid>
      <NotesField mode={mode} />
    </Section>
  );
}

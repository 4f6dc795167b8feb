import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { hasAnyRight } from '@aquasmart/domain';
import { FormSelect } from '../../components/form/form-select';
import { FormTextField } from '../../components/form/form-text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { FieldGrid, FormActions, PageHeader, Section } from '../../components/page';
import { encryptionModeOf, nodeScreen, patchNodeLora, unassignedNodesQuery } from '../../lib/api/nodes';
import { useCurrentUser } from '../../lib/session/current-user';
import { NodePlaceFields } from './components/node-place-fields';
import { useNodeSave } from './components/use-node-save';
import { emptyRegisterForm, NODE_REGISTER_FIELDS, registerBody, ZNodeRegisterForm, type TNodeRegisterForm } from './node-form';

/**
 * /nodes/new?customer&location&gateway (addNode): registers a provisioned, unassigned node under
 * a customer and a location (PATCH lora with lora.state Started); afterwards the node.
 */
export function NodeNewPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const user = useCurrentUser().data;
  const gatewayRight = hasAnyRight(user, 'gatewayManagement');
  const unassigned = useQuery(unassignedNodesQuery);
  const defaults = useMemo(() => emptyRegisterForm(query), [query]);
  const form = useZodForm(ZNodeRegisterForm, { defaultValues: defaults });
  const eui = useWatch({ control: form.control, name: 'eui' });
  const chosen = unassigned.data?.find((node) => node.eui === eui);
  const runSave = useNodeSave<TNodeRegisterForm>(form.setError, NODE_REGISTER_FIELDS, 'snackbar.nodeCreate', 'snackbar.nodeCreateError');
  const onSubmit = form.handleSubmit((values) =>
    runSave(async () => {
      const node = unassigned.data?.find((candidate) => candidate.eui === values.eui);
      const saved = await patchNodeLora(values.eui, encryptionModeOf(node ?? {}), registerBody(values, gatewayRight));
      return nodeScreen(saved.customer ?? values.customer, saved.location ?? values.location, saved.eui);
    }),
  );
  const title = t('nodes.register.title');
  const options = (unassigned.data ?? []).map((node) => ({ value: node.eui, label: `${node.eui} · ${node.type}` }));
  return (
    <>
      <PageHeader title={title} />
      {unassigned.isSuccess && options.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('nodes.register.noUnassigned')}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
          <Section>
            <FieldGrid>
              <FormSelect<TNodeRegisterForm>
                name="eui"
                label={t('nodes.register.node')}
                required
                fullWidth
                options={options}
                helperText={chosen ? t('nodes.register.typeOf', { type: chosen.type, version: chosen.version }) : t('nodes.register.nodeHelp')}
              />
              <FormTextField<TNodeRegisterForm> name="name" label={t('nodes.name')} required fullWidth autoComplete="off" />
              <NodePlaceFields showGateway={gatewayRight} moveAllowed copyInterval={false} />
            </FieldGrid>
          </Section>
          <FormActions submitLabel={t('nodes.register.submit')} busy={form.formState.isSubmitting} />
        </Paper>
      </FormProvider>
    </>
  );
}

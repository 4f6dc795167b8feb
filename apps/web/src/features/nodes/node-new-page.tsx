import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { hasAnyRight, isAdministrator, messageKey } from '@aquasmart/domain';
import { ScanButton } from '../../components/scan';
import { FormTextField } from '../../components/form/form-text-field';
import { useZodForm } from '../../components/form/use-zod-form';
import { FieldGrid, FormActions, PageHeader, Section } from '../../components/page';
import { encryptionModeOf, nodePlacement, nodeScreen, patchNodeLora, unassignedNodesQuery } from '../../lib/api/nodes';
import { isHttpError } from '../../lib/http/http-error';
import { useCurrentUser } from '../../lib/session/current-user';
import { EuiField } from './components/eui-field';
import { NodePlaceFields } from './components/node-place-fields';
import { useNodeSave } from './components/use-node-save';
import { emptyRegisterForm, NODE_REGISTER_FIELDS, registerBody, ZNodeRegisterForm, type TNodeRegisterForm } from './node-form';

/**
 * /nodes/new?customer&location&gateway (addNode): registers a provisioned, unassigned node under
 * a customer and a location (PATCH lora with lora.state Started); afterwards the node. The EUI is
 * typed as printed on the node; administrators also get the unassigned nodes as suggestions (the
 * server shows unassigned nodes to nobody else). An EUI of a node that is already placed is
 * refused before sending (that request would move it). A scan elsewhere in the app (the phone's app
 * bar) that lands here again with another `?eui=` fills the field with it.
 */
export function NodeNewPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const user = useCurrentUser().data;
  const gatewayRight = hasAnyRight(user, 'gatewayManagement');
  const administrator = isAdministrator(user);
  const unassigned = useQuery({ ...unassignedNodesQuery, enabled: administrator });
  const defaults = useMemo(() => emptyRegisterForm(query), [query]);
  const form = useZodForm(ZNodeRegisterForm, { defaultValues: defaults });
  // The page stays mounted when only the query changes: the form's defaults do not follow it.
  const queryEui = query.get('eui');
  const shownEui = useRef(queryEui);
  useEffect(() => {
    if (queryEui === shownEui.current) return;
    shownEui.current = queryEui;
    if (queryEui) form.setValue('eui', queryEui, { shouldValidate: true, shouldDirty: true });
  }, [queryEui, form]);
  const runSave = useNodeSave<TNodeRegisterForm>(form.setError, NODE_REGISTER_FIELDS, 'snackbar.nodeCreate', 'snackbar.nodeCreateError');
  const onSubmit = form.handleSubmit(async (values) => {
    const placed = await nodePlacement(values.eui);
    if (placed) {
      form.setError('eui', { message: messageKey('nodes.register.euiRegistered', placed) }, { shouldFocus: true });
      return;
    }
    await runSave(async () => {
      const node = unassigned.data?.find((candidate) => candidate.eui === values.eui);
      try {
        const saved = await patchNodeLora(values.eui, encryptionModeOf(node ?? {}), registerBody(values, gatewayRight));
        return nodeScreen(saved.customer ?? values.customer, saved.location ?? values.location, saved.eui);
      } catch (error) {
        if (isHttpError(error) && error.status === 404) form.setError('eui', { message: 'nodes.register.euiUnknown' }, { shouldFocus: true });
        throw error;
      }
    });
  });
  const title = t('nodes.register.title');
  return (
    <>
      <PageHeader title={title} />
      {administrator && unassigned.isSuccess && unassigned.data.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('nodes.register.noUnassigned')}
        </Alert>
      ) : null}
      <FormProvider {...form}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} aria-label={title}>
          <Section>
            <FieldGrid>
              {/* The camera fills the EUI from the node's label (docs/field-work.md); typing stays possible. */}
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <EuiField label={t('nodes.register.node')} suggestions={unassigned.data ?? []} loading={unassigned.isFetching} />
                </Box>
                <Box sx={{ pt: 0.5 }}>
                  <ScanButton
                    iconOnly
                    onEui={(eui) => {
                      form.setValue('eui', eui, { shouldValidate: true, shouldDirty: true });
                      return Promise.resolve(null);
                    }}
                  />
                </Box>
              </Box>
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

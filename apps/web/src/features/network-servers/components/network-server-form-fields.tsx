import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NETWORK_SERVER_KINDS, type TNetworkServerConfigKey } from '@aquasmart/domain';
import { FormSelect } from '../../../components/form/form-select';
import { FormTextField } from '../../../components/form/form-text-field';
import { FieldGrid, Section } from '../../../components/page';
import type { TNetworkServerFormValues } from '../network-server-form';

function ConfigField({ name, required, help }: { name: TNetworkServerConfigKey; required?: boolean; help?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormTextField<TNetworkServerFormValues>
      name={`config.${name}`}
      label={t(`networkServers.${name}`)}
      required={required}
      fullWidth
      autoComplete="off"
      spellCheck={false}
      helperText={help ? t(`networkServers.${name}Help`) : undefined}
    />
  );
}

function Subtitle({ children }: { children: string }) {
  return (
    <Typography component="h3" variant="body2" sx={{ fontWeight: 600, mt: 3, mb: 1.5 }}>
      {children}
    </Typography>
  );
}

/**
 * Name, kind and the kind's downlink settings: ChirpStack's REST API and MQTT broker (one of
 * them or both), or The Things Stack's four values. Switching the kind drops the errors of the
 * fields that disappear.
 */
export function NetworkServerFormFields() {
  const { t } = useTranslation();
  const form = useFormContext<TNetworkServerFormValues>();
  const kind = useWatch({ control: form.control, name: 'kind' });
  const shownKind = useRef(kind);
  const { clearErrors } = form;
  useEffect(() => {
    if (shownKind.current === kind) return;
    shownKind.current = kind;
    clearErrors('config');
  }, [kind, clearErrors]);

  return (
    <>
      <Section title={t('networkServers.details')}>
        <FieldGrid>
          <FormTextField<TNetworkServerFormValues> name="name" label={t('networkServers.name')} required fullWidth autoComplete="off" />
          <FormSelect<TNetworkServerFormValues>
            name="kind"
            label={t('networkServers.kind')}
            required
            fullWidth
            options={NETWORK_SERVER_KINDS.map((value) => ({ value, label: t(`networkServers.kinds.${value}`) }))}
          />
        </FieldGrid>
      </Section>
      <Section title={t('networkServers.downlinks')}>
        <Typography variant="body2" color="text.secondary">
          {kind === 'tts' ? t('networkServers.ttsHelp') : t('networkServers.chirpstackHelp')}
        </Typography>
        {kind === 'tts' ? (
          <Box sx={{ mt: 2 }}>
            <FieldGrid>
              <ConfigField name="baseUrl" required help />
              <ConfigField name="applicationId" required />
              <ConfigField name="webhookId" required />
              <ConfigField name="apiKey" required />
            </FieldGrid>
          </Box>
        ) : (
          <>
            <Subtitle>{t('networkServers.restTitle')}</Subtitle>
            <FieldGrid>
              <ConfigField name="apiUrl" help />
              <ConfigField name="apiToken" />
            </FieldGrid>
            <Subtitle>{t('networkServers.mqttTitle')}</Subtitle>
            <FieldGrid>
              <ConfigField name="mqttUrl" help />
              <ConfigField name="applicationId" />
            </FieldGrid>
          </>
        )}
      </Section>
    </>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { ZCustomerTwoFactor, type TCustomerTwoFactor } from '@aquasmart/domain';
import '../../../lib/i18n/texts/two-factor';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { http } from '../../../lib/http/http';
import { Section } from '../../../components/page';

const path = (customer: string) => `/customers/${encodeURIComponent(customer)}/twoFactor`;
const queryKey = (customer: string) => ['customers', 'twoFactor', customer] as const;

/**
 * An administrator's switch on the customer's #details tab: the customer's users must use two-factor
 * sign-in (docs/users.md, "Two-factor sign-in"; `PATCH /customers/{name}/twoFactor`).
 */
export function TwoFactorRequirement({ customer }: { customer: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: queryKey(customer),
    queryFn: async ({ signal }): Promise<TCustomerTwoFactor> => ZCustomerTwoFactor.parse(await http.get<unknown>(path(customer), { signal })),
  });
  const save = useMutation({
    mutationFn: async (required: boolean) => ZCustomerTwoFactor.parse(await http.patch<unknown>(path(customer), { required })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey(customer), saved);
      snackbar.success('twoFactor.customerSaved');
    },
    onError: () => snackbar.error('twoFactor.customerSaveError'),
  });
  if (!current.data) return null;
  return (
    <Paper variant="outlined" sx={{ mt: 2 }}>
      <Section title={t('twoFactor.title')}>
        <FormControlLabel
          control={<Switch checked={save.isPending ? save.variables : current.data.required} disabled={save.isPending} onChange={(event) => save.mutate(event.target.checked)} />}
          label={t('twoFactor.customerRequired')}
        />
        <FormHelperText sx={{ mt: 0 }}>{t('twoFactor.customerRequiredHelp')}</FormHelperText>
      </Section>
    </Paper>
  );
}

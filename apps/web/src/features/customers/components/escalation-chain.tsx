import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasAnyRight } from '@aquasmart/domain';
import { EscalationChainForm } from '../../../components/alarms/escalation-chain-form';
import { useCurrentUser } from '../../../lib/session/current-user';
import { escalationQuery, fetchEscalationCandidates, patchEscalationStages } from '../escalation-api';

/** The customer's escalation chain on the customer form (docs/escalation.md), saved on its own. */
export function CustomerEscalationChain({ customer }: { customer: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayListUsers = hasAnyRight(useCurrentUser().data, 'userManagement');
  const loaded = useQuery(escalationQuery(customer));
  const candidates = useQuery({ queryKey: ['users', 'escalation', customer], queryFn: ({ signal }) => fetchEscalationCandidates(customer, signal), enabled: mayListUsers });
  return (
    <EscalationChainForm
      stages={loaded.data?.stages}
      candidates={candidates.data ?? []}
      candidatesLoading={candidates.isPending}
      mayListUsers={mayListUsers}
      help={t('escalationChain.help')}
      onSave={async (stages) => {
        const current = loaded.data ?? (await queryClient.fetchQuery(escalationQuery(customer)));
        const saved = await patchEscalationStages(customer, current, stages);
        queryClient.setQueryData(escalationQuery(customer).queryKey, saved);
        return saved.stages;
      }}
    />
  );
}

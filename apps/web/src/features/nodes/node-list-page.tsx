import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { NodeList } from '../../components/nodes/node-list';

/** /nodes (docs/nodes-screens.md, "The list"): every node with a customer and a location, sorted by name. */
export function NodeListPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.nodes')} />
      <NodeList />
    </>
  );
}

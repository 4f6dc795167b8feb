import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { NodeList } from '../../components/nodes/node-list';
import { ScanButton, useOpenScannedNode, useOpenScannedOutlet } from '../../components/scan';

/**
 * /nodes (docs/nodes-screens.md, "The list"): every node with a customer and a location, sorted by
 * name. Beside the title the label scanner, which opens the scanned node or outlet (docs/field-work.md).
 */
export function NodeListPage() {
  const { t } = useTranslation();
  const openNode = useOpenScannedNode();
  const openOutlet = useOpenScannedOutlet();
  return (
    <>
      <PageHeader title={t('routes.nodes')}>
        <ScanButton onEui={openNode} onOutlet={openOutlet} />
      </PageHeader>
      <NodeList />
    </>
  );
}

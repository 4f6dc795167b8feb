import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { isAdministrator, type TProduct } from '@aquasmart/domain';
import { ConfirmDialog } from '../../components/table/confirm-dialog';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { useCurrentUser } from '../../lib/session/current-user';
import { deleteProduct, PRODUCTS_QUERY_KEY, productsQuery } from './api/products-api';
import { PageHeader } from '../../components/page';
import { ProductCard } from './components/product-card';
import { serverReason } from '../../lib/http/failure-text';

/** errors.productInUse names the counts in `params`; an answer without them still says why. */
const IN_USE_WITHOUT_COUNTS = { 'errors.productInUse': 'products.inUse' };

/**
 * /products (docs/products-screens.md): the catalogue as cards sorted by name. Administrators get
 * the add button and, per card, edit and delete (docs/screens.md, "Guards"); a delete asks first, and
 * a product still in use is refused by the server (409) with the reason in the snackbar.
 */
export function ProductListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const canManage = isAdministrator(useCurrentUser().data);
  const result = useQuery(productsQuery);
  // The product stays named while the dialog closes; `confirmOpen` alone opens and closes it.
  const [target, setTarget] = useState<TProduct | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const failed = result.isError;
  useEffect(() => {
    if (failed) snackbar.error('snackbar.productsGetError');
  }, [failed, snackbar]);

  const remove = async (product: TProduct) => {
    setDeleting(true);
    try {
      await deleteProduct(product.name);
      snackbar.success('snackbar.productDelete');
    } catch (error) {
      snackbar.error('snackbar.productDeleteError', { reason: serverReason(t, error, IN_USE_WITHOUT_COUNTS) });
    } finally {
      setConfirmOpen(false);
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_QUERY_KEY });
    }
  };

  const products = result.data ?? [];
  return (
    <>
      <PageHeader title={t('routes.products')}>
        {canManage ? (
          <Button component={RouterLink} to="/products/new" variant="contained" startIcon={<AddIcon />}>
            {t('products.new')}
          </Button>
        ) : null}
      </PageHeader>
      {result.isPending ? <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} /> : null}
      {failed ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void result.refetch()}>{t('common.retry')}</Button>}>
          {t('products.loadError')}
        </Alert>
      ) : null}
      {result.isSuccess && products.length === 0 ? <Typography color="text.secondary">{t('products.empty')}</Typography> : null}
      <Box
        component="section"
        aria-label={t('routes.products')}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))', alignItems: 'stretch' }}
      >
        {products.map((product) => (
          <ProductCard key={product.name} product={product} canManage={canManage} onDelete={(chosen) => {
              setTarget(chosen);
              setConfirmOpen(true);
            }}
          />
        ))}
      </Box>
      <ConfirmDialog
        open={confirmOpen}
        title={t('products.deleteTitle')}
        text={t('products.deleteText', { name: target?.name ?? '' })}
        confirmLabel={t('products.delete')}
        busy={deleting}
        onConfirm={() => target && void remove(target)}
        onClose={() => setConfirmOpen(false)}
      />
    </>
  );
}

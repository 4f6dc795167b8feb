import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/snackbar/snackbar-context';
import { patchProduct, productQuery } from './api/products-api';
import { PageHeader } from '../../components/page';
import { ProductEditor } from './components/product-editor';
import { productToForm, toPatchBody } from './product-form';
import { QueryStatus } from '../../components/progress/query-status';

/**
 * /products/{name}/edit (administrators). The stored image stays unless a new file is picked;
 * a product without an image (older data) must get one, since the image is required.
 */
export function ProductEditPage() {
  const { t } = useTranslation();
  const name = useParams().product ?? '';
  const result = useQuery(productQuery(name));
  const product = result.data;
  const snackbar = useSnackbar();
  const failed = result.isError;
  useEffect(() => {
    if (failed) snackbar.error('snackbar.productGetError');
  }, [failed, snackbar]);
  const title = t('routes.productEdit').replace(':product', product?.name ?? name);

  return (
    <>
      <PageHeader title={title} />
      <QueryStatus query={result} errorText={t('products.loadOneError')} gap={2} />
      {product ? (
        <ProductEditor
          key={product.name}
          title={title}
          submitLabel={t('common.save')}
          initial={productToForm(product)}
          save={(values) => patchProduct(product.name, toPatchBody(values))}
          messages={{ success: 'snackbar.productEdit', error: 'snackbar.productEditError' }}
        />
      ) : null}
    </>
  );
}

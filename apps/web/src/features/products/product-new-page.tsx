import { useTranslation } from 'react-i18next';
import { createProduct } from './api/products-api';
import { PageHeader } from '../../components/page';
import { ProductEditor } from './components/product-editor';
import { emptyProductForm, toCreateBody } from './product-form';

/** /products/new (administrators): on success back to the product cards. */
export function ProductNewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('routes.productNew')} />
      <ProductEditor
        title={t('routes.productNew')}
        submitLabel={t('products.create')}
        initial={emptyProductForm()}
        save={(values) => createProduct(toCreateBody(values))}
        messages={{ success: 'snackbar.productCreate', error: 'snackbar.productCreateError' }}
      />
    </>
  );
}

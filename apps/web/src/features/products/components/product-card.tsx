import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@aquasmart/domain';
import { productPath } from '../api/products-api';
import { ProductImage } from './product-image';

/** One product: image (at most 256 px high), name, type and description; edit and delete for administrators. */
export function ProductCard({ product, canManage, onDelete }: { product: TProduct; canManage: boolean; onDelete: (product: TProduct) => void }) {
  const { t } = useTranslation();
  const typeLabel = t(`products.types.${product.type}`, { defaultValue: product.type });
  return (
    <Card component="article" variant="outlined" aria-label={product.name} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <ProductImage url={product.image?.url} alt={t('products.imageOf', { name: product.name })} />
      <CardContent sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h2" variant="h6" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {product.name}
        </Typography>
        <Chip size="small" label={typeLabel} variant="outlined" color="primary" sx={{ alignSelf: 'flex-start' }} />
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {product.description}
        </Typography>
      </CardContent>
      {canManage ? (
        <CardActions sx={{ justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
          <Tooltip title={t('products.edit')}>
            <IconButton component={RouterLink} to={`${productPath(product.name)}/edit`} aria-label={t('products.editProduct', { name: product.name })} color="primary">
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('products.delete')}>
            <IconButton onClick={() => onDelete(product)} aria-label={t('products.deleteProduct', { name: product.name })} color="error">
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </CardActions>
      ) : null}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { useTranslation } from 'react-i18next';
import { productImageQuery } from '../api/products-api';
import { useObjectUrl } from './use-object-url';

/** Product images are shown at most 256 px high (docs/screens.md, "Constants"; docs/products-screens.md). */
export const PRODUCT_IMAGE_MAX_HEIGHT = 256;

/** A frame of the full image height, so cards in one row line up whatever their pictures. */
function ImageFrame({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        height: PRODUCT_IMAGE_MAX_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        bgcolor: 'action.hover',
        color: 'text.disabled',
        overflow: 'hidden',
      }}
    >
      {children}
    </Box>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <ImageFrame>
      <ImageNotSupportedOutlinedIcon fontSize="large" />
      <Typography variant="body2">{text}</Typography>
    </ImageFrame>
  );
}

/** An image scaled into the frame: never higher than 256 px, never wider than its container. */
export function ImageBox({ src, alt }: { src: string; alt: string }) {
  return (
    <ImageFrame>
      <Box component="img" src={src} alt={alt} sx={{ display: 'block', maxWidth: '100%', maxHeight: PRODUCT_IMAGE_MAX_HEIGHT, objectFit: 'contain' }} />
    </ImageFrame>
  );
}

/**
 * The stored image of a product. The image route needs the access token, so the bytes come as
 * a blob through the API and are shown via an object URL (revoked on unmount).
 */
export function ProductImage({ url, alt }: { url: string | null | undefined; alt: string }) {
  const { t } = useTranslation();
  const result = useQuery({ ...productImageQuery(url ?? ''), enabled: Boolean(url) });
  const objectUrl = useObjectUrl(result.data);
  if (!url) return <Placeholder text={t('products.noImage')} />;
  if (result.isError) return <Placeholder text={t('products.imageLoadError')} />;
  if (!objectUrl) return <Skeleton variant="rectangular" height={PRODUCT_IMAGE_MAX_HEIGHT} aria-label={t('common.loading')} />;
  return <ImageBox src={objectUrl} alt={alt} />;
}

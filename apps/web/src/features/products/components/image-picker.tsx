import { useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n/i18n';
import { formatBytes, IMAGE_ACCEPT, readImageFile, type TProductFormValues } from '../product-form';
import { ImageBox, ProductImage } from './product-image';

/**
 * The image field: a preview (the picked file, or the stored image on edit), a file button (a
 * file may also be dropped on the field) and the rule's message. A file that is too large or
 * not PNG/JPEG/WebP is refused at once with a message; the value keeps the previous choice, so
 * the form never uploads a refused file.
 */
export function ImagePicker({ productName }: { productName: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { control, clearErrors, setError } = useFormContext<TProductFormValues>();
  const { field, fieldState } = useController({ name: 'image', control });
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const value = field.value;
  const message = fieldState.error?.message;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    const result = await readImageFile(file, i18n.language);
    setReading(false);
    if ('error' in result) {
      setError('image', { type: 'file', message: result.error }, { shouldFocus: true });
      return;
    }
    field.onChange(result.image);
    clearErrors('image');
  };

  return (
    <FormControl required error={Boolean(message)} fullWidth component="fieldset">
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {t('products.image')}
      </FormLabel>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void onFile(event.dataTransfer.files[0]);
        }}
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: value ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr' },
          gap: 2,
          alignItems: 'center',
          p: 2,
          border: '1px dashed',
          borderColor: message ? 'error.main' : dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        {value ? (
          <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
            {value.source === 'file' ? (
              <ImageBox src={value.data} alt={t('products.imagePreview')} />
            ) : (
              <ProductImage url={value.url} alt={t('products.imageOf', { name: productName })} />
            )}
          </Box>
        ) : null}
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: value ? 'flex-start' : 'center', gap: 1, py: value ? 0 : 2, minWidth: 0 }}>
          {value ? (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('products.imageSelected', { file: value.name, size: formatBytes(value.size, i18n.language) })}
            </Typography>
          ) : (
            <AddPhotoAlternateOutlinedIcon fontSize="large" color={message ? 'error' : 'action'} />
          )}
          <Button
            variant="outlined"
            color={message ? 'error' : 'primary'}
            startIcon={value ? <AddPhotoAlternateOutlinedIcon /> : undefined}
            onClick={() => inputRef.current?.click()}
            loading={reading}
            ref={field.ref}
            onBlur={field.onBlur}
            aria-describedby={message ? `${errorId} ${helpId}` : helpId}
          >
            {value ? t('products.changeImage') : t('products.chooseImage')}
          </Button>
          <Typography id={helpId} variant="caption" color="text.secondary">
            {t('products.imageHelp')}
          </Typography>
        </Box>
      </Box>
      <input
        ref={inputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        aria-label={t('products.image')}
        data-testid="product-image-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that picking the same file again (after fixing it) fires a change.
          event.target.value = '';
          void onFile(file);
        }}
      />
      {message ? (
        <FormHelperText id={errorId} sx={{ mx: 0 }}>
          {translateMessage(t, message)}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

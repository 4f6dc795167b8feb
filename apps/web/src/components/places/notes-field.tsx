import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../form/form-text-field';
import type { TFormMode } from './place-form';

/** Free notes under a form's fields; on edit an empty text keeps the old notes (docs/places.md, "Notes and texts"). */
export function NotesField({ mode }: { mode: TFormMode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ mt: 2 }}>
      <FormTextField<{ notes: string }>
        name="notes"
        label={t('places.notes')}
        fullWidth
        multiline
        minRows={2}
        helperText={mode === 'edit' ? t('places.notesKeep') : undefined}
      />
    </Box>
  );
}

import { useId, useRef } from 'react';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';

/**
 * A read-only value to paste elsewhere (an integration URL, a secret) with a copy button. When
 * the browser refuses the clipboard the text is selected, so the user can copy it by hand.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      snackbar.success('networkServers.copied');
    } catch {
      input.current?.select();
      snackbar.error('networkServers.copyFailed');
    }
  };

  return (
    <FormControl variant="outlined" fullWidth>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        notched
        value={value}
        readOnly
        inputRef={input}
        onFocus={(event) => event.target.select()}
        sx={{ fontFamily: 'monospace', fontSize: '0.9rem' }}
        endAdornment={
          <InputAdornment position="end">
            <Tooltip title={t('networkServers.copy')}>
              <IconButton edge="end" aria-label={`${t('networkServers.copy')}: ${label}`} onClick={() => void copy()}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </InputAdornment>
        }
      />
    </FormControl>
  );
}

import type { Ref } from 'react';
import TextField from '@mui/material/TextField';

export interface TDecimalFieldProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** The error in words; null: none, the hint shows. */
  error: string | null;
  hint: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Extra attributes of the input element (test ids). */
  inputProps?: Record<string, string>;
}

/**
 * A required number typed on a phone: the decimal keyboard (inputmode decimal, which offers the
 * comma in Dutch), large digits, no autocomplete. The text is kept as typed; the caller reads it
 * with the domain's parseDecimal, which takes a comma as the decimal point.
 */
export function DecimalField({ label, value, onChange, error, hint, inputRef, inputProps = {} }: TDecimalFieldProps) {
  return (
    <TextField
      inputRef={inputRef}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required
      autoFocus
      fullWidth
      error={error !== null}
      helperText={error ?? hint}
      slotProps={{
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', enterKeyHint: 'done', ...inputProps },
        input: { sx: { fontSize: '1.75rem' } },
      }}
    />
  );
}

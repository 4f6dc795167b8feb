import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export type TOutlinedTextFieldProps = Omit<OutlinedInputProps, 'error' | 'label'> & {
  label: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  size?: 'small' | 'medium';
};

/**
 * Looks like MUI's outlined TextField, built from FormControl + OutlinedInput rather than
 * TextField, which would also pull the select and the other input variants into every form (the
 * login page must stay small). The helper text (or error message) describes the input.
 */
export function OutlinedTextField({ label, helperText, error, required, fullWidth, disabled, size, id, ...props }: TOutlinedTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  // A time or date input always shows its own "--:--" placeholder: the label stays above it, also when empty.
  const shrink = props.type === 'time' || props.type === 'date' ? true : undefined;
  return (
    <FormControl variant="outlined" required={required} fullWidth={fullWidth} disabled={disabled} size={size} error={error}>
      <InputLabel htmlFor={inputId} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput {...props} id={inputId} label={label} notched={shrink} aria-describedby={helperId} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}

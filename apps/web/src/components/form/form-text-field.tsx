import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';

export type TFormTextFieldProps<TValues extends FieldValues> = Omit<
  OutlinedInputProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'label'
> & {
  name: FieldPath<TValues>;
  label: ReactNode;
  /** Defaults to the control of the surrounding <FormProvider>. */
  control?: Control<TValues>;
  /** Text inputs are trimmed when the field loses focus (docs/screens.md, "Forms and validation messages"); off for passwords. */
  trim?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
};

/**
 * A text input bound to react-hook-form, looking like MUI's outlined TextField: trims its text
 * and shows the translated message of its error key (`validation.range?min=1&max=60`).
 * Built from FormControl + OutlinedInput rather than TextField, which would also pull the
 * select and the other input variants into every form (the login page must stay small).
 */
export function FormTextField<TValues extends FieldValues>({
  name,
  label,
  control,
  trim,
  helperText,
  onBlur,
  type,
  required,
  fullWidth,
  disabled,
  size,
  id,
  ...props
}: TFormTextFieldProps<TValues>) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-${name}`;
  // useFormContext returns null outside a <FormProvider>; then `control` must be given.
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { field, fieldState } = useController({ name, control: control ?? context?.control });
  const shouldTrim = trim ?? type !== 'password';
  const message = fieldState.error?.message;
  const helper = message ? translateMessage(t, message) : helperText;
  const helperId = helper ? `${inputId}-helper` : undefined;

  return (
    <FormControl variant="outlined" required={required} fullWidth={fullWidth} disabled={disabled} size={size} error={Boolean(message)}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...props}
        id={inputId}
        type={type}
        label={label}
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={(event) => {
          if (shouldTrim && typeof field.value === 'string' && field.value !== field.value.trim()) {
            field.onChange(field.value.trim());
          }
          field.onBlur();
          onBlur?.(event);
        }}
        aria-describedby={helperId}
      />
      {helper ? <FormHelperText id={helperId}>{helper}</FormHelperText> : null}
    </FormControl>
  );
}

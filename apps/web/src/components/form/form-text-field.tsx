import { useId, type ReactNode } from 'react';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';
import { OutlinedTextField } from './outlined-text-field';

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
 * A text input bound to react-hook-form, looking like MUI's outlined TextField
 * (OutlinedTextField): trims its text and shows the translated message of its error key
 * (`validation.range?min=1&max=60`).
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

  return (
    <OutlinedTextField
      {...props}
      id={inputId}
      type={type}
      label={label}
      required={required}
      fullWidth={fullWidth}
      disabled={disabled}
      size={size}
      error={Boolean(message)}
      helperText={helper}
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
    />
  );
}

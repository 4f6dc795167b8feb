import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';

export interface TFormMultiSelectProps<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: string;
  /** The choices (for example customer names). Chosen values that are not offered stay shown. */
  options: readonly string[];
  control?: Control<TValues>;
  loading?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  noOptionsText?: ReactNode;
  /** Called after the user changed the choice, with the new values. */
  onValuesChange?: (values: string[]) => void;
}

/** Several values from a searchable list (chips), bound to a string-array field of react-hook-form. */
export function FormMultiSelect<TValues extends FieldValues>({
  name,
  label,
  options,
  control,
  loading,
  disabled,
  helperText,
  noOptionsText,
  onValuesChange,
}: TFormMultiSelectProps<TValues>) {
  const { t } = useTranslation();
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { field, fieldState } = useController({ name, control: control ?? context?.control });
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  const message = fieldState.error?.message;
  return (
    <Autocomplete
      multiple
      options={[...options]}
      value={value}
      loading={loading}
      disabled={disabled}
      noOptionsText={noOptionsText}
      filterSelectedOptions
      slotProps={{ chip: { size: 'small' } }}
      onChange={(_event, next) => {
        field.onChange(next);
        onValuesChange?.(next);
      }}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={Boolean(message)}
          helperText={message ? translateMessage(t, message) : helperText}
        />
      )}
    />
  );
}

import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n/i18n';

export interface TSelectOption {
  value: string;
  label: ReactNode;
}

export interface TFormSelectProps<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: string;
  options: readonly TSelectOption[];
  control?: Control<TValues>;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  helperText?: ReactNode;
  /** Show the option whose value is '' as the chosen one (its label names what "nothing chosen" means) instead of an empty field. */
  displayEmpty?: boolean;
}

/** A single choice from a short fixed list, bound to react-hook-form; shows the translated error key. */
export function FormSelect<TValues extends FieldValues>({
  name,
  label,
  options,
  control,
  required,
  disabled,
  fullWidth,
  helperText,
  displayEmpty,
}: TFormSelectProps<TValues>) {
  const { t } = useTranslation();
  const id = useId();
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { field, fieldState } = useController({ name, control: control ?? context?.control });
  const message = fieldState.error?.message;
  const helper = message ? translateMessage(t, message) : helperText;
  const labelId = `${id}-label`;
  return (
    <FormControl required={required} disabled={disabled} fullWidth={fullWidth} error={Boolean(message)}>
      <InputLabel id={labelId} shrink={displayEmpty || undefined}>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        id={`${id}-select`}
        label={label}
        name={field.name}
        inputRef={field.ref}
        value={field.value ?? ''}
        displayEmpty={displayEmpty}
        notched={displayEmpty || undefined}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </Select>
      {helper ? <FormHelperText>{helper}</FormHelperText> : null}
    </FormControl>
  );
}

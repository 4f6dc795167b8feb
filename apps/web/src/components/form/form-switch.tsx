import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface TFormSwitchProps<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: ReactNode;
  control?: Control<TValues>;
  disabled?: boolean;
}

/** An on/off toggle bound to a boolean field of react-hook-form. */
export function FormSwitch<TValues extends FieldValues>({ name, label, control, disabled }: TFormSwitchProps<TValues>) {
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { field } = useController({ name, control: control ?? context?.control });
  return (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref } }}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
}

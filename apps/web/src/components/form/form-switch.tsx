import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useController, useFormContext, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface TFormSwitchProps<TValues extends FieldValues> {
  name: FieldPath<TValues>;
  label: ReactNode;
  control?: Control<TValues>;
  disabled?: boolean;
  /** A sentence under the toggle saying what it does; screen readers read it with the toggle. */
  description?: ReactNode;
}

/** An on/off toggle bound to a boolean field of react-hook-form. */
export function FormSwitch<TValues extends FieldValues>({ name, label, control, disabled, description }: TFormSwitchProps<TValues>) {
  const context = useFormContext<TValues>() as ReturnType<typeof useFormContext<TValues>> | null;
  const { field } = useController({ name, control: control ?? context?.control });
  const descriptionId = useId();
  const toggle = (
    <FormControlLabel
      label={label}
      disabled={disabled}
      control={
        <Switch
          name={field.name}
          slotProps={{ input: { ref: field.ref, ...(description ? { 'aria-describedby': descriptionId } : {}) } }}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
      }
    />
  );
  if (!description) return toggle;
  return (
    <Box sx={{ mb: 1 }}>
      {toggle}
      <FormHelperText id={descriptionId} sx={{ mt: -0.5, ml: 6.5, mr: 0 }}>
        {description}
      </FormHelperText>
    </Box>
  );
}

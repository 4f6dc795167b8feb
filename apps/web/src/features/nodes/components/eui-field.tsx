import type { FocusEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TUnassignedNode } from '../../../lib/api/nodes';
import { translateMessage } from '../../../lib/i18n/i18n';
import { checkTypedEui, cleanEui, euiMessage, type TNodeRegisterForm } from '../node-form';

/** How many suggestions the list opens with; typing narrows them. */
const MAX_SUGGESTIONS = 50;

export interface TEuiFieldProps {
  label: string;
  /** The unassigned nodes the user may see (administrators); empty for everyone else, who types the EUI. */
  suggestions: readonly TUnassignedNode[];
  loading?: boolean;
}

/**
 * The EUI of /nodes/new (docs/nodes-screens.md, "Register"): typed as printed on the node (spaces,
 * dashes and colons tolerated, any case), checked as typed (a character that is no hex digit, too
 * many digits, how many of 16 are there), with the unassigned nodes as suggestions where the user
 * may see them. The form holds the text as typed; the schema turns it into the clean EUI.
 */
export function EuiField({ label, suggestions, loading }: TEuiFieldProps) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<TNodeRegisterForm, 'eui'>({ name: 'eui' });
  const text = field.value;
  const check = checkTypedEui(text);
  const chosen = check.kind === 'complete' ? suggestions.find((node) => node.eui === check.eui) : undefined;
  // A wrong character or a 17th digit is said at once; a missing digit only on leaving or saving.
  const live = check.kind === 'badCharacter' || check.kind === 'tooLong' ? euiMessage(check) : '';
  const message = live || fieldState.error?.message;
  let helper: string;
  if (message) helper = translateMessage(t, message);
  else if (chosen) helper = t('nodes.register.typeOf', { type: chosen.type, version: chosen.version });
  else if (check.kind === 'partial') helper = t('nodes.register.euiCount', { count: check.count });
  else helper = t('nodes.register.euiHelp');
  const types = new Map(suggestions.map((node) => [node.eui, node.type]));

  return (
    <Autocomplete
      freeSolo
      options={suggestions.map((node) => node.eui)}
      loading={loading}
      inputValue={text}
      onInputChange={(_event, value) => field.onChange(value)}
      filterOptions={(options, state) => {
        const typed = cleanEui(state.inputValue);
        return options.filter((eui) => eui.includes(typed)).slice(0, MAX_SUGGESTIONS);
      }}
      renderOption={({ key, ...props }, eui) => (
        <li key={key} {...props}>
          {eui} · {types.get(eui)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={Boolean(message)}
          helperText={helper}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              autoCapitalize: 'characters',
              spellCheck: false,
              onBlur: (event: FocusEvent<HTMLInputElement>) => {
                params.slotProps.htmlInput.onBlur?.(event);
                field.onBlur();
              },
            },
          }}
        />
      )}
    />
  );
}

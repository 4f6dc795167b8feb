import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { useTranslation } from 'react-i18next';
import { DAY_INPUT_PATTERN, formatDayInput, formatLocale, parseDayInput } from '@aquasmart/domain';

export interface TDateFieldProps {
  label: string;
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** The typed day as `YYYY-MM-DD`; '' while the field is empty or holds no date (as `<input type="date">` does). */
  onChange: (value: string) => void;
  /** The first and last day the calendar offers, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  /** Attributes of the text input (a test id). */
  htmlInput?: Record<string, unknown>;
}

type TPickerInput = HTMLInputElement & { showPicker?: () => void };

/**
 * A date in the portal's language: `dd-mm-jjjj` in Dutch, `dd/mm/yyyy` in English (French and
 * German as English), whatever language the browser itself speaks, with the browser's calendar
 * behind a button (docs/screens.md, "Numbers and dates"). The browser's own date input writes the
 * browser's order (11/28/2026 in an English Chrome) and ignores the page's `lang`.
 */
export function DateField({ label, value, onChange, min, max, required, error, helperText, size, sx, htmlInput }: TDateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = formatLocale(i18n.language);
  const pattern = DAY_INPUT_PATTERN[locale];
  const picker = useRef<TPickerInput | null>(null);
  const [draft, setDraft] = useState(() => formatDayInput(value, locale));
  const [left, setLeft] = useState(false);

  // A value set from outside (a shortcut, the calendar) or another language rewrites the text; a
  // text that is no date yet stays as typed (its value is '').
  const [shown, setShown] = useState({ value, locale });
  if (shown.value !== value || shown.locale !== locale) {
    setShown({ value, locale });
    const typed = parseDayInput(draft);
    if ((typed ?? '') !== value || (typed !== null && shown.locale !== locale)) setDraft(value ? formatDayInput(value, locale) : typed === null ? draft : '');
  }

  const type = (text: string) => {
    setDraft(text);
    onChange(parseDayInput(text) ?? '');
  };
  const invalid = left && draft.trim() !== '' && parseDayInput(draft) === null;
  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      if (input.showPicker) input.showPicker();
      else input.click();
    } catch {
      // A browser that refuses to open it here: the field itself still takes a typed date.
    }
  };

  return (
    <Box sx={[{ position: 'relative', display: 'flex', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <TextField
        size={size}
        label={label}
        value={draft}
        required={required}
        fullWidth
        placeholder={pattern}
        onChange={(event) => type(event.target.value)}
        onFocus={() => setLeft(false)}
        onBlur={() => {
          setLeft(true);
          const typed = parseDayInput(draft);
          if (typed) setDraft(formatDayInput(typed, locale));
        }}
        error={error || invalid}
        helperText={invalid && !helperText ? t('dateField.invalid', { pattern }) : helperText}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { autoComplete: 'off', ...htmlInput },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton edge="end" size="small" aria-label={t('dateField.openCalendar', { label })} onClick={openCalendar}>
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {/* The browser's calendar: opened by the button, never focused or read on its own. */}
      <Box
        component="input"
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          setDraft(formatDayInput(event.target.value, locale));
          onChange(event.target.value);
        }}
        sx={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, p: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}

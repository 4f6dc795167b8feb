import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DateField } from '../../../components/form/date-field';
import { useTranslation } from 'react-i18next';
import { logbookPeriodIssues, type TLogbookPeriodQuery } from '@aquasmart/domain';
import { translateMessage } from '../../../lib/i18n/i18n';
import { PERIOD_CHOICES, presetPeriod, type TPeriodChoice } from '../period-choice';

export interface TPeriodValue {
  choice: TPeriodChoice;
  period: TLogbookPeriodQuery;
}

/**
 * The logbook's period: a choice of the common months, quarters and years, or two dates ("Zelf
 * kiezen") applied with a button. Typed dates are checked as the server checks them
 * (logbookPeriodIssues); the server's own field messages (`fields.from`, `fields.to`) show
 * under the same fields.
 */
export function PeriodPicker({
  value,
  today,
  onChange,
  serverErrors = {},
}: {
  value: TPeriodValue;
  today: string;
  onChange: (value: TPeriodValue) => void;
  serverErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value.period);
  const [issues, setIssues] = useState<Record<string, string>>({});
  const custom = value.choice === 'custom';

  const choose = (choice: TPeriodChoice) => {
    setIssues({});
    if (choice === 'custom') {
      setDraft(value.period);
      onChange({ choice, period: value.period });
    } else {
      onChange({ choice, period: presetPeriod(choice, today) });
    }
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = logbookPeriodIssues(draft, today);
    setIssues(found);
    if (Object.keys(found).length === 0) onChange({ choice: 'custom', period: draft });
  };
  // The server's messages belong to the period it was asked for: shown until the dates change.
  const shownServer = draft.from === value.period.from && draft.to === value.period.to ? serverErrors : {};
  const message = (field: 'from' | 'to') => {
    const key = issues[field] ?? shownServer[field];
    return key ? translateMessage(t, key) : undefined;
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={apply}
      aria-label={t('logbookScreen.period.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        select
        size="small"
        label={t('logbookScreen.period.label')}
        value={value.choice}
        onChange={(event) => choose(event.target.value as TPeriodChoice)}
        sx={{ flex: { xs: '1 1 100%', sm: '0 1 14rem' }, minWidth: 0 }}
      >
        {PERIOD_CHOICES.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {t(`logbookScreen.period.choices.${choice}`)}
          </MenuItem>
        ))}
      </TextField>
      {custom ? (
        <>
          {(['from', 'to'] as const).map((field) => (
            <DateField
              key={field}
              size="small"
              required
              label={t(`logbookScreen.period.${field}`)}
              value={draft[field]}
              onChange={(day) => setDraft((current) => ({ ...current, [field]: day }))}
              max={today}
              error={Boolean(message(field))}
              helperText={message(field)}
              htmlInput={{ 'data-testid': `logbook-${field}` }}
              sx={{ flex: { xs: '1 1 9rem', sm: '0 1 12rem' } }}
            />
          ))}
          <Button type="submit" variant="outlined" sx={{ height: 40 }}>
            {t('logbookScreen.period.apply')}
          </Button>
        </>
      ) : null}
    </Box>
  );
}

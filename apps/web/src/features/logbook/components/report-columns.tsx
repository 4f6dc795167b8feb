import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { changeDetailsWords, checkWordIsBad, columnOf, deviationKindText, isFigure, isLocalDate, samplingWordIsBad, type TLogbookCell, type TLogbookChannel, type TLogbookColumnKey, type TLogbookLookup, type TLogbookSectionTable } from '@aquasmart/domain';
import type { TResponsiveColumn } from '../../../components/table';
import type { TReportFormat } from '../use-report-format';
import { VerdictChip } from './verdict-chip';

export const modeName = (t: TFunction, mode: TLogbookChannel['mode']) => t(`logbookReport.modes.${mode === 'Meng/uittap' ? 'mixed' : (mode ?? 'none')}`);

/** A cell of the report's section tables on screen: the user's language, a dash for nothing. */
export function screenCell(cell: TLogbookCell, format: TReportFormat, t: TFunction): ReactNode {
  switch (cell.kind) {
    case 'text':
      return cell.value || '—';
    case 'count':
      return cell.value ?? '—';
    case 'hours':
      return format.hours(cell.value) || '—';
    case 'share':
      return format.percent(cell.value);
    case 'celsius':
      return format.temperature(cell.value);
    case 'offset':
      return format.number(cell.value, 2);
    case 'instant':
      return cell.value ? format.instant(cell.value) : '—';
    case 'until':
      return cell.value ? format.instant(cell.value) : t('logbookReport.labels.ongoing');
    case 'date':
      return format.localDate(cell.value);
    case 'dueDate':
      // A local date; an instant in a report issued before issue 39.
      return cell.value === null ? '—' : isLocalDate(cell.value) ? format.localDate(cell.value) : format.instant(cell.value);
    case 'handling':
      return cell.value === 'none' ? <em>{t('logbookReport.handlingStates.none')}</em> : t(`logbookReport.handlingStates.${cell.value}`);
    case 'samplingWord': {
      const words = t(`logbookReport.samplingWords.${cell.value.group}.${cell.value.key}`);
      return samplingWordIsBad(cell.value) ? <strong>{words}</strong> : words;
    }
    case 'checkWord': {
      // The drift flag: empty without a node reading to compare; "no" is the report's own word.
      if (cell.value.group === 'drift') return cell.value.key === 'drift' ? <strong>{t('logbookReport.checkWords.drift')}</strong> : cell.value.key === 'noDrift' ? t('logbookReport.labels.no') : '—';
      const words = t(`logbookReport.checkWords.${cell.value.group}.${cell.value.key}`);
      return checkWordIsBad(cell.value) ? <strong>{words}</strong> : words;
    }
    case 'dates':
      return cell.value.length === 0 ? '—' : <strong>{cell.value.map((date) => format.localDate(date)).join(', ')}</strong>;
    case 'excursionClass':
      return t(`logbookReport.excursionClasses.${cell.value}`);
    case 'changeDetails':
      return changeDetailsWords(cell.value, format.locale) || '—';
    case 'limit':
      return format.limit(cell.value);
    case 'mode':
      return modeName(t, cell.value);
    case 'role':
      return cell.value ? t(`logbookReport.roles.${cell.value}`) : '—';
    case 'rule':
      return cell.value ? t('logbookReport.labels.minutesAt', { celsius: format.number(cell.value.celsius, 1), minutes: format.number(cell.value.minutes, 2) }) : '—';
    case 'minutes':
      // The column's title says "(min)": the number alone, as the PDF and CSV write it (not "15 uur").
      return format.number(cell.value, 2);
    case 'findingKind':
      return t(`logbookReport.findingKinds.${cell.value}`, { defaultValue: cell.value });
    case 'disinfectionSource':
      return t(`logbookReport.disinfectionSources.${cell.value}`);
    case 'verdict':
      return <VerdictChip verdict={cell.value} />;
    case 'alarmKind':
      return t(`logbookReport.alarmKinds.${cell.value}`);
    case 'changeKind':
      return t(`logbookReport.changeKinds.${cell.value}`, { defaultValue: cell.value });
    case 'deviationKind':
      return deviationKindText(
        { deviationKinds: t('logbookReport.deviationKinds', { returnObjects: true }), alarmKinds: t('logbookReport.alarmKinds', { returnObjects: true }) } as Parameters<typeof deviationKindText>[0],
        cell.value,
      );
    case 'deviationState':
      return cell.value === 'open' ? <strong>{t('logbookReport.deviationStates.open')}</strong> : t(`logbookReport.deviationStates.${cell.value}`);
    case 'yesNo':
      return cell.value ? <strong>{t('logbookReport.labels.yes')}</strong> : t('logbookReport.labels.no');
    case 'actor':
      return cell.value ?? t('logbookReport.nodeItself');
  }
}

/**
 * The screen's column for a column of a section table (the PDF's and the CSV's): its header, its
 * cell, figures to the right; `own` for what the screen shows its own way.
 */
export function screenColumns(format: TReportFormat, t: TFunction, lookup: TLogbookLookup) {
  return <R,>(table: TLogbookSectionTable<R>, key: TLogbookColumnKey, own: Partial<TResponsiveColumn<R>> = {}): TResponsiveColumn<R> => {
    const column = columnOf(table, key);
    return {
      id: key,
      label: t(`logbookReport.columns.${key}`),
      render: (row) => screenCell(column.cell(row, lookup), format, t),
      ...(isFigure(column.kind) ? { align: 'right' as const } : {}),
      ...own,
    };
  };
}

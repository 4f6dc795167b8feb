import type { TFunction } from 'i18next';
import { LOGBOOK_TABLES, type TLogbookCheckPlan, type TLogbookCheckRecord } from '@aquasmart/domain';
import type { TResponsiveColumn } from '../../../components/table';
import type { TReportFormat } from '../use-report-format';
import type { screenColumns } from './report-columns';

/**
 * The preview's columns of the checks section (docs/logbook.md, "Checks at outlets"): per outlet and
 * check the counts, the due dates missed and the state at the period's end; every check recorded with
 * when, who, the outcome with its reading (or why not), the verdict and the alarm's handling.
 */
export function checkColumns(shared: ReturnType<typeof screenColumns>, format: TReportFormat, t: TFunction) {
  const { checkPlan: planTable, checkRecords: recordTable } = LOGBOOK_TABLES;
  const plan: TResponsiveColumn<TLogbookCheckPlan>[] = [
    shared(planTable, 'outlet', { title: true, wrap: true }),
    shared(planTable, 'check', { wrap: true }),
    ...(['planned', 'checksDone', 'notPossible'] as const).map((id) => shared(planTable, id)),
    shared(planTable, 'overdueDates', { wrap: true }),
    shared(planTable, 'due'),
    shared(planTable, 'state'),
  ];
  const handling = (row: TLogbookCheckRecord) => {
    if (row.handling?.resolvedBy) return [`${t('logbookReport.labels.resolved')}: ${row.handling.resolvedBy}, ${format.instant(row.handling.resolvedAt ?? '')}`, row.handling.note].filter(Boolean).join(' · ');
    return row.alarmId === null ? '—' : shared(recordTable, 'handling').render(row);
  };
  // The outcome in one cell: the reading with its running time, the verdict and drift, or why it was not possible (a table that fits 1280 px).
  const outcome = (row: TLogbookCheckRecord) => {
    if (row.outcome === 'notPossible') return <strong>{`${t('logbookReport.checkWords.outcomes.notPossible')}: ${row.reason ?? ''}`}</strong>;
    const reading = row.celsius === null ? t('logbookReport.checkWords.outcomes.done') : `${format.temperature(row.celsius)}${row.ranSeconds === null ? '' : ` / ${row.ranSeconds} s`}`;
    return (
      <>
        {reading}
        {row.verdict ? <> · {shared(recordTable, 'checkVerdict').render(row)}</> : null}
        {row.drift ? <> · {shared(recordTable, 'drift').render(row)}</> : null}
      </>
    );
  };
  const records: TResponsiveColumn<TLogbookCheckRecord>[] = [
    shared(recordTable, 'outlet', { title: true, wrap: true }),
    shared(recordTable, 'check', { wrap: true }),
    shared(recordTable, 'at'),
    shared(recordTable, 'outcome', { wrap: true, render: outcome }),
    shared(recordTable, 'user', { wrap: true }),
    shared(recordTable, 'handling', { wrap: true, render: handling }),
    shared(recordTable, 'note', { wrap: true }),
  ];
  return { plan, records };
}

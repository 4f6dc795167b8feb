import type { TLogbookReportTexts } from '../i18n/ui-logbook-report';
import type { TLogbookCheckPlan, TLogbookCheckRecord } from './checks-report';
import { column, type TCheckWord, type TLogbookHandlingState, type TLogbookSectionTable } from './report-cells';

export type { TCheckWord } from './report-cells';

/**
 * The two tables of the checks section (docs/logbook.md, "Checks at outlets"), said once for the PDF,
 * the CSV and the screen like the other sections' (report-sections.ts, which lists them in
 * LOGBOOK_TABLES): the plan per outlet and check, and every check recorded in the period.
 */

/** A checks word in the report's language. */
export function checkWordText(texts: Pick<TLogbookReportTexts, 'checkWords' | 'labels'>, word: TCheckWord): string {
  if (word.group === 'drift') return word.key === 'drift' ? texts.checkWords.drift : word.key === 'noDrift' ? texts.labels.no : '';
  return (texts.checkWords[word.group] as Record<string, string>)[word.key] ?? word.key;
}

/** Whether a checks word marks something wrong: a reading outside the limit or not in time, not possible, overdue, drift. */
export function checkWordIsBad(word: TCheckWord): boolean {
  return (
    (word.group === 'verdicts' && (word.key === 'outsideLimit' || word.key === 'notWithinTime')) ||
    (word.group === 'outcomes' && word.key === 'notPossible') ||
    (word.group === 'dueStates' && word.key === 'overdue') ||
    (word.group === 'drift' && word.key === 'drift')
  );
}

const handlingOf = (handling: TLogbookCheckRecord['handling']): TLogbookHandlingState => (handling?.resolvedBy ? 'resolved' : handling?.acknowledgedBy ? 'acknowledged' : 'none');

/** Per outlet and check in force: planned, done, not possible, the due dates missed, and the state at the period's end. */
export const checkPlan: TLogbookSectionTable<TLogbookCheckPlan> = {
  id: 'checkPlan',
  csvLine: 'checkPlan',
  empty: 'checkPlan',
  rows: (section) => section.checks?.plans ?? [],
  columns: [
    column('outlet', 'text', (row) => row.outletName),
    column('check', 'checkWord', (row) => ({ group: 'checks', key: row.check })),
    column('planned', 'count', (row) => row.planned),
    column('checksDone', 'count', (row) => row.done),
    column('notPossible', 'count', (row) => row.notPossible),
    column('overdueDates', 'dates', (row) => row.overdueDates),
    column('overdueSince', 'dueDate', (row) => row.overdueSince),
    column('lastDone', 'dueDate', (row) => row.lastDone),
    column('due', 'dueDate', (row) => row.nextDue),
    column('state', 'checkWord', (row) => ({ group: 'dueStates', key: row.state })),
  ],
};

/** Every check recorded in the period: when, who, the outcome or why not, the reading and its verdict, the node's reading, the alarm's handling. */
export const checkRecords: TLogbookSectionTable<TLogbookCheckRecord> = {
  id: 'checkRecords',
  csvLine: 'checkRecord',
  empty: 'checkRecords',
  rows: (section) => section.checks?.records ?? [],
  columns: [
    column('at', 'instant', (row) => row.doneAt),
    column('outlet', 'text', (row) => row.outletName),
    column('check', 'checkWord', (row) => ({ group: 'checks', key: row.check })),
    column('outcome', 'checkWord', (row) => ({ group: 'outcomes', key: row.outcome })),
    column('reason', 'text', (row) => row.reason ?? ''),
    column('measured', 'celsius', (row) => row.celsius),
    column('ranSeconds', 'count', (row) => row.ranSeconds),
    column('allowedSeconds', 'count', (row) => row.allowedSeconds),
    column('limit', 'limit', (row) => row.limit),
    column('checkVerdict', 'checkWord', (row) => (row.verdict === null ? { group: 'drift', key: 'noPair' } : { group: 'verdicts', key: row.verdict })),
    column('nodeCelsius', 'celsius', (row) => row.nodeCelsius),
    column('drift', 'checkWord', (row) => ({ group: 'drift', key: row.drift === null ? 'noPair' : row.drift ? 'drift' : 'noDrift' })),
    column('user', 'text', (row) => row.recordedBy),
    column('note', 'text', (row) => row.note ?? ''),
    column('handling', 'handling', (row) => handlingOf(row.handling)),
    column('resolvedBy', 'text', (row) => row.handling?.resolvedBy ?? ''),
    column('resolvedAt', 'instant', (row) => row.handling?.resolvedAt ?? null),
  ],
};

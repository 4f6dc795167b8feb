import { columnOf, LOGBOOK_TABLES, sectionLookup, type TLogbookCheckPlan, type TLogbookCheckRecord, type TLogbookLocationSection, type TLogbookReportTexts } from '@aquasmart/domain';
import type { TReportLanguage } from './report-format';
import { pdfCell, sectionTable, writeCell, type TColumnChoice, type TPdfLocation } from './report-pdf-tables';

/**
 * The checks section on paper (docs/logbook.md, "Checks at outlets"): the plan per outlet and check
 * (planned, done, not possible, the due dates missed, the state at the period's end), and every check
 * recorded with who and when, the reading against its limit, the node's reading and the alarm's
 * handling. Kept apart from report-pdf-tables.ts, which holds the other sections.
 */
export function checkTables(section: TLogbookLocationSection, texts: TLogbookReportTexts, language: TReportLanguage) {
  const location: TPdfLocation = { texts, language, zone: section.location.timeZone, lookup: sectionLookup(section) };
  const { checkPlan, checkRecords } = LOGBOOK_TABLES;
  const written = (key: keyof TLogbookReportTexts['columns'], row: TLogbookCheckRecord) => writeCell(columnOf(checkRecords, key).cell(row, location.lookup), location);
  const WIDE = { width: '*' as const };
  const planColumns: TColumnChoice<TLogbookCheckPlan>[] = [
    ['outlet', WIDE],
    ['check', WIDE],
    'planned',
    'checksDone',
    'notPossible',
    ['overdueDates', { ...WIDE, none: true }],
    ['due', { none: true }],
    'state',
  ];
  const recordColumns: TColumnChoice<TLogbookCheckRecord>[] = [
    'at',
    // Outlet and check in one cell, the outcome (or why not) in the next: a portrait page has no room for all apart.
    { title: `${texts.columns.outlet} / ${texts.columns.check}`, width: '*', cell: (row) => pdfCell(`${row.outletName}\n${written('check', row).text}`) },
    {
      title: texts.columns.outcome,
      width: '*',
      cell: (row) => {
        const outcome = written('outcome', row);
        const reading = row.celsius === null ? null : `${written('measured', row).text}${row.ranSeconds === null ? '' : ` / ${row.ranSeconds} s`}`;
        const verdict = row.verdict === null ? null : written('checkVerdict', row);
        const drift = row.drift ? written('drift', row).text : null;
        const lines = [row.outcome === 'notPossible' ? `${outcome.text}: ${row.reason ?? ''}` : reading ?? outcome.text, verdict?.text ?? null, drift].filter((line): line is string => line !== null);
        return pdfCell(lines.join('\n'), row.deviation || row.outcome === 'notPossible' || row.drift ? (verdict?.style ?? outcome.style ?? {}) : {});
      },
    },
    ['limit', { none: true }],
    'user',
    {
      title: texts.columns.handling,
      width: '*',
      cell: (row) => {
        if (row.alarmId === null) return pdfCell(row.note ?? '');
        const state = written('handling', row);
        const resolved = row.handling?.resolvedBy ? `${texts.labels.resolved}: ${row.handling.resolvedBy}, ${written('resolvedAt', row).text}` : null;
        return pdfCell([resolved ?? state.text, row.handling?.note ?? null, row.note].filter(Boolean).join('\n'), resolved ? {} : state.style);
      },
    },
  ];
  return {
    checkPlan: sectionTable(location, checkPlan, planColumns, checkPlan.rows(section), texts.empty.checkPlan),
    checkRecords: sectionTable(location, checkRecords, recordColumns, checkRecords.rows(section), texts.empty.checkRecords),
  };
}

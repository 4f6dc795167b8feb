import type { TLogbookReportTexts } from '../i18n/ui-logbook-report';
import type { TLogbookCheckPlan, TLogbookCheckRecord } from './checks-report';
import type { TLogbookChannel, TLogbookLocationSection, TLogbookSettingChange } from './report';
import type { TExcursionClass } from './report-rules';
import type { TChannelRole } from './roles';
import type { TLogbookSampleResult, TLogbookSamplingPoint } from './sampling-report';

/**
 * The shapes every table of a location's logbook report is said in (report-sections.ts and the
 * section files beside it): a typed cell per figure, a column (its header and the cell of a row), a
 * table (its title, rows and columns). Apart from the tables themselves, so a section file and the
 * list of all tables both build on them without importing each other.
 */

export type TLogbookColumnKey = keyof TLogbookReportTexts['columns'];
/** How far an alarm was dealt with: nobody yet, acknowledged, resolved (a corrective action recorded). */
export type TLogbookHandlingState = 'none' | 'acknowledged' | 'resolved';

/** A figure before an output writes it. null: the row has none (no readings, no limit, no flush duty). */
export type TLogbookCell =
  | { kind: 'text'; value: string }
  | { kind: 'count'; value: number | null }
  | { kind: 'hours'; value: number | null }
  | { kind: 'share'; value: number | null }
  | { kind: 'celsius'; value: number | null }
  /** A calibration's correction: signed on paper. */
  | { kind: 'offset'; value: number }
  | { kind: 'instant'; value: string | null }
  /** The end of an alarm; null while it still holds. */
  | { kind: 'until'; value: string | null }
  /** A local date (YYYY-MM-DD). */
  | { kind: 'date'; value: string }
  /** A due date: a local date (YYYY-MM-DD), or an instant in reports issued before issue 39; null for none. */
  | { kind: 'dueDate'; value: string | null }
  /** An alarm's handling state; 'none' is written "not handled", never left empty. */
  | { kind: 'handling'; value: TLogbookHandlingState }
  | { kind: 'excursionClass'; value: TExcursionClass }
  /** A change's details: its text and the settings changed, written in words by each output (changeDetailsWords). */
  | { kind: 'changeDetails'; value: { details: string; settings: readonly TLogbookSettingChange[] } }
  | { kind: 'limit'; value: TLogbookChannel['limit'] }
  | { kind: 'mode'; value: TLogbookChannel['mode'] }
  /** A channel's role; null in a report from before roles. */
  | { kind: 'role'; value: TChannelRole | null }
  /** A thermal disinfection rule: °C for minutes; null when the rulebook has none. */
  | { kind: 'rule'; value: { celsius: number; minutes: number } | null }
  /** Minutes with decimals. */
  | { kind: 'minutes'; value: number | null }
  | { kind: 'findingKind'; value: string }
  | { kind: 'disinfectionSource'; value: 'detected' | 'planned' }
  | { kind: 'verdict'; value: TLogbookChannel['verdict'] }
  | { kind: 'alarmKind'; value: string }
  | { kind: 'changeKind'; value: string }
  /** A deviation's kind: 'excursion', ..., or 'alarm:<alarm kind>' (texts.deviationKinds, texts.alarmKinds). */
  | { kind: 'deviationKind'; value: string }
  /** A deviation's state: open, handled, or handled by its alarm's resolution (texts.deviationStates). */
  | { kind: 'deviationState'; value: 'open' | 'handled' | 'handledByAlarm' }
  | { kind: 'yesNo'; value: boolean }
  /** A word of the sampling section (texts.samplingWords): a result's verdict or legal step, a point's water or due state. */
  | { kind: 'samplingWord'; value: TSamplingWord }
  /** A word of the checks section (texts.checkWords). */
  | { kind: 'checkWord'; value: TCheckWord }
  /** Local dates (YYYY-MM-DD), written as a list. */
  | { kind: 'dates'; value: readonly string[] }
  /** Who made a change; null for what the node reported itself. */
  | { kind: 'actor'; value: string | null };
export type TLogbookCellKind = TLogbookCell['kind'];

/** A sampling word: its group in texts.samplingWords and its key there. */
export type TSamplingWord =
  | { group: 'verdicts'; key: TLogbookSampleResult['verdict'] }
  | { group: 'legalSteps'; key: TLogbookSampleResult['legalStep'] }
  | { group: 'pointRoles'; key: TLogbookSamplingPoint['role'] }
  | { group: 'dueStates'; key: TLogbookSamplingPoint['state'] }
  /** The steps taken on a result's alarm: none without an alarm, else its handling state. */
  | { group: 'steps'; key: 'noAlarm' | TLogbookHandlingState };

/** A word of the checks section (texts.checkWords): a check's name, its outcome, a reading's verdict, a due state, the drift flag. */
export type TCheckWord =
  | { group: 'checks'; key: TLogbookCheckPlan['check'] }
  | { group: 'outcomes'; key: TLogbookCheckRecord['outcome'] }
  | { group: 'verdicts'; key: NonNullable<TLogbookCheckRecord['verdict']> }
  | { group: 'dueStates'; key: TLogbookCheckPlan['state'] }
  /** Possible drift, none, or no node reading to compare (written empty). */
  | { group: 'drift'; key: 'drift' | 'noDrift' | 'noPair' };

/** What a row needs from the rest of its location: the names and limits of its channels. */
export interface TLogbookLookup {
  /** The channel's name, its id when the report has no name for it, '' for none (a node's alarm). */
  channelName(eui: string, channelId: string | null): string;
  limit(eui: string, channelId: string): TLogbookChannel['limit'];
}

export interface TLogbookColumn<R> {
  key: TLogbookColumnKey;
  kind: TLogbookCellKind;
  // A method, so a table of one row type stands in a list of tables of any (TLogbookAnyTable).
  cell(row: R, lookup: TLogbookLookup): TLogbookCell;
}

export interface TLogbookSectionTable<R> {
  /** Its title (texts.sections) and the name of its lines in the CSV's first column (texts.csvSections). */
  id: keyof TLogbookReportTexts['sections'];
  csvLine: keyof TLogbookReportTexts['csvSections'];
  /** What the PDF says when it has no rows (texts.empty). */
  empty: keyof TLogbookReportTexts['empty'];
  rows(section: TLogbookLocationSection): readonly R[];
  columns: readonly TLogbookColumn<R>[];
}
export type TLogbookAnyTable = TLogbookSectionTable<unknown>;

type TCellOf<K extends TLogbookCellKind> = Extract<TLogbookCell, { kind: K }>;
/** A column whose cell is of one kind, so an output knows the kind before it sees a row. */
export function column<R, K extends TLogbookCellKind>(key: TLogbookColumnKey, kind: K, value: (row: R, lookup: TLogbookLookup) => TCellOf<K>['value']): TLogbookColumn<R> {
  return { key, kind, cell: (row, lookup) => ({ kind, value: value(row, lookup) }) as TLogbookCell };
}


import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDate } from '@aquasmart/domain';
import { useFormat } from '../../lib/i18n/use-date-time';

/** Rows listed on a due card; the rest are counted. */
const SHOWN = 5;

export interface TDueCardRow {
  key: string;
  /** Overdue ones are red; any other state (due, planned, noInterval) plain. */
  state: string;
  /** A local date (YYYY-MM-DD). */
  nextDue: string;
  content: ReactNode;
}

/**
 * A card of overdue and due work beside the dashboard's charts (the samplings, the checks at
 * outlets): the title (red while something is overdue), the two counts and the five soonest rows
 * with their dates, the rest counted. `noData` (nothing planned at all) stands alone instead of
 * counts, never read as "all clear"; `nothingDue` when nothing is overdue or due.
 */
export function DueCard({
  title,
  testId,
  compact,
  pending,
  failed,
  texts,
  noData,
  counts,
  rows,
}: {
  title: string;
  testId: string;
  compact: boolean;
  pending: boolean;
  /** The load error text when the call failed. */
  failed: string | null;
  /** The count labels, the nothing-due sentence and "and {{count}} more". */
  texts: { overdue: string; due: string; nothingDue: string; more: (count: number) => string };
  /** The sentence for no data at all, or null when there is some. */
  noData: string | null;
  counts: { overdue: number; due: number } | null;
  rows: readonly TDueCardRow[];
}) {
  const { locale } = useFormat();
  const alarm = (counts?.overdue ?? 0) > 0;
  const date = (localDate: string) => formatDate(`${localDate}T12:00:00Z`, locale, { timeZone: 'UTC' });
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: compact ? 1.5 : 2, display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Typography component="h2" variant="subtitle1" data-alarm={alarm} sx={{ fontWeight: 600, color: alarm ? 'error.main' : 'text.primary' }}>
        {title}
      </Typography>
      {pending ? <Skeleton variant="text" width="80%" /> : null}
      {failed ? (
        <Typography variant="body2" color="error">
          {failed}
        </Typography>
      ) : null}
      {noData !== null ? (
        <Typography variant="body2" color="text.secondary" data-state="noData">
          {noData}
        </Typography>
      ) : null}
      {counts && noData === null ? (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: 14 }}>
            <Box component="span" data-count="overdue" sx={{ color: alarm ? 'error.main' : 'text.primary' }}>
              {texts.overdue}: <strong>{counts.overdue}</strong>
            </Box>
            <Box component="span" data-count="due">
              {texts.due}: <strong>{counts.due}</strong>
            </Box>
          </Box>
          {rows.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-state="nothingDue">
              {texts.nothingDue}
            </Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {rows.slice(0, SHOWN).map((row) => (
                <Box component="li" key={row.key} data-state={row.state} sx={{ display: 'flex', gap: 1, fontSize: 14, minWidth: 0 }}>
                  <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                    {row.content}
                  </Box>
                  <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums', color: row.state === 'overdue' ? 'error.main' : 'text.primary', fontWeight: row.state === 'overdue' ? 600 : 400 }}>
                    {date(row.nextDue)}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
          {counts.overdue + counts.due > SHOWN ? (
            <Typography variant="body2" color="text.secondary">
              {texts.more(counts.overdue + counts.due - SHOWN)}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Paper>
  );
}

import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

const MONTHS = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';

/**
 * What must not break over two lines: a date with its time ('28-11-2026 14:05', '28 Nov 2026
 * 14:05'; the browser breaks after a hyphen before a digit, '28-' / '11-2026') and a figure with
 * its unit or a range with it ('60,0 °C', 'Uren 25–50 °C', '100 %').
 */
const UNBREAKABLE = new RegExp(
  String.raw`(\d{1,2}-\d{1,2}-\d{4}(?:[ \u00A0]\d{1,2}:\d{2})?|\d{1,2}[ \u00A0](?:${MONTHS})[ \u00A0]\d{4}(?:[ \u00A0]\d{1,2}:\d{2})?|\S+[ \u00A0](?:°C|V|%)(?=$|[\s),.;]))`,
);

/**
 * A text that wraps between words, with its dates and its figures with units each kept on one line
 * (docs/screens.md, "Text that fits"): the parts in a `white-space: nowrap` span, the text itself
 * unchanged for readers and searches. Anything but a string is returned as it is.
 */
export function keepTogether(content: ReactNode): ReactNode {
  if (typeof content !== 'string') return content;
  const parts = content.split(UNBREAKABLE);
  if (parts.length === 1) return content;
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <Box component="span" key={index} sx={{ whiteSpace: 'nowrap' }}>
        {part}
      </Box>
    ) : (
      part
    ),
  );
}

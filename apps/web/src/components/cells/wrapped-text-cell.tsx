import Box from '@mui/material/Box';

/** A name in a narrow column: up to two lines, centred in the row, instead of one cut off with "…". */
export function WrappedTextCell({ text }: { text?: string | null }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'normal', lineHeight: 1.2, overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
        {text}
      </Box>
    </Box>
  );
}

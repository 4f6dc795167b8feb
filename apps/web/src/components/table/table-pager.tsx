import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

type TPagerProps = Omit<TablePaginationProps<'div'>, 'component' | 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel' | 'sx'>;

/**
 * The pager under a plain MUI table (a tab's messages, a dialog's list) in the reader's language,
 * arrows' names included, like the list kit's grid. On a phone its parts wrap onto two lines
 * instead of pushing the next-page arrow out of the card.
 */
export function TablePager(props: TPagerProps) {
  const { t } = useTranslation();
  const names = { first: t('table.pageFirst'), previous: t('table.pagePrevious'), next: t('table.pageNext'), last: t('table.pageLast') };
  return (
    <TablePagination
      component="div"
      labelRowsPerPage={t('table.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('table.displayedRows', { from, to, count })}
      getItemAriaLabel={(type) => names[type]}
      {...props}
      sx={{
        overflow: 'visible',
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 0.5, pl: { xs: 1, sm: 2 } },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}

import { useMemo } from 'react';
import type { GridLocaleText } from '@mui/x-data-grid';
import { nlNL } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

/** The grid's texts in the user's language: the grid's Dutch pack, with the portal's own words on top. */
export function useGridLocaleText(): Partial<GridLocaleText> {
  const { t, i18n } = useTranslation();
  return useMemo<Partial<GridLocaleText>>(() => {
    const base = i18n.resolvedLanguage === 'nl' ? nlNL.components.MuiDataGrid.defaultProps.localeText : {};
    return {
      ...base,
      noRowsLabel: t('table.noRows'),
      noResultsOverlayLabel: t('table.noRows'),
      paginationRowsPerPage: t('table.rowsPerPage'),
      paginationDisplayedRows: ({ from, to, count }) => t('table.displayedRows', { from, to, count }),
      footerRowSelected: (count) => t('table.selected', { count }),
      // The grid's Dutch pack leaves this one in English ("Naam column menu").
      columnMenuAriaLabel: (name) => t('table.columnMenu', { name }),
    };
  }, [i18n.resolvedLanguage, t]);
}

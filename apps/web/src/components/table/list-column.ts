import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import type { TValueColumn } from './client-rows';

/**
 * A column of the list kit: a Data Grid column plus how it searches and sorts on the client, and
 * its importance when the list is too narrow for every column (fit-columns.ts).
 */
export type TListColumn<T extends GridValidRowModel> = GridColDef<T> & Omit<TValueColumn<T>, 'field'> & { importance?: number };

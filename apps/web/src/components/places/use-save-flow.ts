import type { FieldValues } from 'react-hook-form';
import { useSaveFlow, type TSaveFlow } from '../form/use-save-flow';
import { PLACES_QUERY_ROOTS } from '../../lib/api/places';

const STALE_AFTER_A_PLACE_SAVE = Object.values(PLACES_QUERY_ROOTS);
const PLACE_RENAMED_FIELDS = { 'calibration.interval': 'interval' };

/** The save flow of every customer, location and gateway form: all place lists go stale. */
export function usePlaceSaveFlow<TValues extends FieldValues>(flow: Omit<TSaveFlow<TValues>, 'staleQueryRoots' | 'renamedFields'>) {
  return useSaveFlow<TValues>({ ...flow, staleQueryRoots: STALE_AFTER_A_PLACE_SAVE, renamedFields: PLACE_RENAMED_FIELDS });
}

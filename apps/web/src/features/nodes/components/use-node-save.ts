import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useSaveFlow } from '../../../components/form/use-save-flow';
import { NODES_QUERY_ROOT } from '../../../lib/api/nodes';
import { SERVER_FIELD_TO_FORM } from '../node-form';

/** The node lists and the places that count nodes go stale after a registration or an edit. */
const STALE_AFTER_A_NODE_SAVE = [NODES_QUERY_ROOT, ['locations'], ['customers'], ['gateways']];

/**
 * Around a node save (docs/nodes-screens.md, "Register" and "Edit"): a red snackbar (nodeCreateError,
 * nodeEditError) with the server's reason and its field errors on the fields, or the lists marked
 * stale, a green snackbar and the node.
 */
export function useNodeSave<TValues extends FieldValues>(setError: UseFormSetError<TValues>, fields: readonly string[], successKey: string, errorKey: string) {
  return useSaveFlow<TValues>({ setError, fields, successKey, errorKey, staleQueryRoots: STALE_AFTER_A_NODE_SAVE, renamedFields: SERVER_FIELD_TO_FORM });
}

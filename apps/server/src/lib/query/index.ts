export { QueryError } from './query-error';
export {
  CONDITION_LIMITS,
  compileConditions,
  parseConditions,
  type TConditionLimits,
  type TFieldDef,
  type TFieldKind,
  type TFieldMap,
  type TSelectable,
} from './conditions';
export {
  PROJECTION_MAX_LENGTH,
  applyProjection,
  parseProjection,
  projectableFields,
  selectionFor,
  type TSelection,
} from './projection';
export { allWordsIn, containingPattern, containsText } from './text-search';

import { ERROR, screenErrorMessagesEn, type TMessageParams } from '@aquasmart/domain';
import { ApiError } from '../api-error';

type TQueryErrorName =
  | 'invalidJson'
  | 'invalidConditions'
  | 'unknownField'
  | 'unknownOperator'
  | 'conditionsTooDeep'
  | 'conditionsTooLarge'
  | 'conditionsTooCostly'
  | 'invalidProjection';

/** Longest piece of request text quoted back in a message (field names, operators). */
const MAX_QUOTE = 64;

/** Shortens request text before it is quoted in an error message. */
export function quote(text: string): string {
  return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}...` : text;
}

/**
 * A rejected `conditions` or `projection` parameter: always a 400. `key` and `params` are what
 * the web app translates (`errors.unknownField` with `{ field }`, ...); `message` is the same
 * text in plain English for logs and API clients. Extends ApiError so that the app's error
 * handler answers it as `{ statusCode, error, message, key, params }`.
 */
export class QueryError extends ApiError {
  declare readonly statusCode: 400;
  declare readonly params: TMessageParams;

  constructor(name: TQueryErrorName, params: TMessageParams) {
    const template: string = screenErrorMessagesEn[name];
    const message = template.replace(/\{\{(\w+)\}\}/g, (_all, param: string) =>
      Object.hasOwn(params, param) ? String(params[param]) : '',
    );
    super(400, ERROR[name], message.endsWith('.') ? message : `${message}.`, undefined, params);
    this.name = 'QueryError';
  }
}

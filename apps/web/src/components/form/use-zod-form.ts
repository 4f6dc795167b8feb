import { useForm, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * react-hook-form with a zod schema of the shared domain. Validation messages are message keys
 * (see parseMessageKey); the form fields translate them.
 */
export function useZodForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  props?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'>,
) {
  // The resolver's own generics cannot follow a generic schema; its result is exactly this type.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<TSchema>, unknown, z.output<TSchema>>;
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({ mode: 'onTouched', ...props, resolver });
}

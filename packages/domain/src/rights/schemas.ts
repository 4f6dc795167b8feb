import { z } from 'zod';
import { RIGHT_ENTRY_TYPES, RIGHT_FLAGS, type TRightFlag } from './flags';

export const ZPortalRights = z.object(
  Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, z.boolean().default(false)])) as {
    [K in TRightFlag]: z.ZodDefault<z.ZodBoolean>;
  },
);
export type TPortalRights = z.infer<typeof ZPortalRights>;

export const ZRightEntry = z.object({ path: z.string(), type: z.enum(RIGHT_ENTRY_TYPES) });
export type TRightEntry = z.infer<typeof ZRightEntry>;

export function emptyRights(): TPortalRights {
  return Object.fromEntries(RIGHT_FLAGS.map((flag) => [flag, false])) as TPortalRights;
}

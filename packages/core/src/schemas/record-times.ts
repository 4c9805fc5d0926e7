import { z } from './zod';

/** When a record was created and last changed, as ISO instant text. */
export const recordTimesShape = {
  created_at: z.string(),
  updated_at: z.string(),
};

import { z } from './zod';

/** Who changed a setting last (their name) and when (ISO instant); both null while it was never changed. */
export const settingChangeShape = {
  diubah_oleh: z.string().nullable(),
  diubah_pada: z.string().nullable(),
};

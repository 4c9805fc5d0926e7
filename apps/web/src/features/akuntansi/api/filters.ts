import { isIsoDate } from '@mizan/core';
import type { ParamCodec } from '../../../lib/use-url-filters';

/** A day in the address ('YYYY-MM-DD'), or absent. */
export const dayParam: ParamCodec<string | null> = (raw) => (raw && isIsoDate(raw) ? raw : undefined);

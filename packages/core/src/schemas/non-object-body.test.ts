import { describe, expect, it } from 'vitest';
import { pembayaranCreateSchema, pembayaranUpdateSchema } from './pembayaran';
import { pinjamanCreateSchema, pinjamanUpdateSchema } from './pinjaman';

// Found by the OpenAPI fuzz test: a JSON body of `null` made the cross-field refinement run on
// null and throw (a 500) instead of reporting the body as invalid.
describe('schemas with cross-field checks refuse a body that is not an object', () => {
  const schemas = { pembayaranCreateSchema, pembayaranUpdateSchema, pinjamanCreateSchema, pinjamanUpdateSchema };
  for (const [name, schema] of Object.entries(schemas)) {
    it(name, () => {
      for (const body of [null, undefined, 'x', 5, true, [], [1]]) {
        const result = schema.safeParse(body);
        expect(result.success).toBe(false);
      }
    });
  }
});

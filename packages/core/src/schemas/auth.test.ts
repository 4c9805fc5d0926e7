import { describe, expect, it } from 'vitest';
import { loginSchema, userSchema } from './auth';
import { roleLabels } from '../domain/roles';
import { issuesByField } from './test-helpers';

describe('loginSchema (spec §5 Login)', () => {
  it('trims the username and keeps the password as typed', () => {
    expect(loginSchema.parse({ username: '  admin ', password: ' rahasia ' })).toEqual({
      username: 'admin',
      password: ' rahasia ',
    });
  });

  it.each([
    [{}, { username: ['Username tidak boleh kosong'], password: ['Password tidak boleh kosong'] }],
    [
      { username: '   ', password: '' },
      { username: ['Username tidak boleh kosong'], password: ['Password tidak boleh kosong'] },
    ],
    [{ username: 'a'.repeat(101), password: 'x' }, { username: ['Username maksimal 100 karakter'] }],
  ])('%j', (input, expected) => {
    expect(issuesByField(loginSchema, input)).toEqual(expected);
  });

  it('knows the role labels and parses a user', () => {
    expect(roleLabels.admin).toBe('Administrator');
    expect(userSchema.parse({ id: 1, username: 'admin', nama_lengkap: 'Admin', role: 'operator' }).role).toBe('operator');
  });
});

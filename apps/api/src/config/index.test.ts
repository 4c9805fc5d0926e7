import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('MIZAN_CHECK_RESPONSES', () => {
  it('defaults to on outside production and off in production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).checkResponses).toBe(false);
    expect(loadConfig({}).checkResponses).toBe(false);
  });

  it('follows an explicit 0 or 1 and refuses anything else in Indonesian', () => {
    expect(loadConfig({ NODE_ENV: 'production', MIZAN_CHECK_RESPONSES: '1' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', MIZAN_CHECK_RESPONSES: '0' }).checkResponses).toBe(false);
    expect(() => loadConfig({ MIZAN_CHECK_RESPONSES: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ MIZAN_CHECK_RESPONSES: 'yes' })).toThrow(
      'MIZAN_CHECK_RESPONSES harus "0" atau "1" (sekarang: "yes")',
    );
  });
});

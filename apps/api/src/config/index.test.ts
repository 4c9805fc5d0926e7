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

describe('the environment (a zod schema of every variable)', () => {
  it('fills the defaults when variables are unset or blank, and trims what is set', () => {
    const config = loadConfig({ PORT: '', HOST: '  ', WA_GATEWAY: ' simulator ', INSTITUTION_NAME: ' BPRS Amanah ' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      waGateway: 'simulator',
      institutionName: 'BPRS Amanah',
      adminUsername: 'admin',
      adminPassword: null,
      jwtSecret: null,
      databaseUrl: null,
      logLevel: 'info',
      nodeEnv: 'production',
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('keeps a password and a secret exactly as given (spaces are part of them)', () => {
    const config = loadConfig({ ADMIN_PASSWORD: ' rahasia panjang ', JWT_SECRET: ` ${'k'.repeat(32)} ` });
    expect(config.adminPassword).toBe(' rahasia panjang ');
    expect(config.jwtSecret).toBe(` ${'k'.repeat(32)} `);
  });

  it('lists every bad variable at once, in Indonesian, naming what was given', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        WA_GATEWAY: 'twilio',
        LOG_LEVEL: 'loud',
        ADMIN_USERNAME: 'a b',
        ADMIN_PASSWORD: 'pendek',
        JWT_SECRET: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT harus bilangan bulat 0-65535 (sekarang: "70000")',
      'DATABASE_URL harus diawali postgres:// atau postgresql://',
      'WA_GATEWAY harus "baileys" atau "simulator" (sekarang: "twilio")',
      'LOG_LEVEL harus salah satu dari fatal, error, warn, info, debug, trace, silent',
      'ADMIN_USERNAME hanya boleh huruf, angka, titik, garis bawah atau strip (3-50 karakter)',
      'ADMIN_PASSWORD minimal 8 karakter',
      'JWT_SECRET minimal 32 karakter',
    ]);
    expect((error as Error).message.startsWith('Konfigurasi tidak valid:\n  - PORT harus')).toBe(true);
  });

  it.each(['abc', '3.5', '-1'])('refuses PORT=%s once', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(
      new ConfigError([`PORT harus bilangan bulat 0-65535 (sekarang: "${port}")`]).message,
    );
  });
});

describe('running as a service (issue 28)', () => {
  it('defaults to one process, no metrics, a daily backup at 01:00 WIB into DATA_DIR/backups keeping 14', () => {
    const config = loadConfig({ DATA_DIR: '/srv/mizan/data' });
    expect(config).toMatchObject({
      webConcurrency: 1,
      metricsToken: null,
      backupSchedule: { hour: 1, minute: 0 },
      backupDir: '/srv/mizan/data/backups',
      backupKeep: 14,
    });
  });

  it('reads a schedule, "off", a backup folder and how many to keep', () => {
    expect(loadConfig({ BACKUP_SCHEDULE: '23:45' }).backupSchedule).toEqual({ hour: 23, minute: 45 });
    expect(loadConfig({ BACKUP_SCHEDULE: 'OFF' }).backupSchedule).toBeNull();
    expect(loadConfig({ BACKUP_DIR: '/mnt/usb', BACKUP_KEEP: '30' })).toMatchObject({ backupDir: '/mnt/usb', backupKeep: 30 });
  });

  it('refuses bad values in Indonesian, naming what was given', () => {
    expect(() =>
      loadConfig({ BACKUP_SCHEDULE: '24:00', BACKUP_KEEP: '0', WEB_CONCURRENCY: '0', METRICS_TOKEN: 'pendek' }),
    ).toThrow(
      new ConfigError([
        'WEB_CONCURRENCY harus bilangan bulat 1-32 (sekarang: "0")',
        'METRICS_TOKEN minimal 16 karakter',
        'BACKUP_SCHEDULE harus jam harian WIB "JJ:MM" (misalnya 01:00) atau "off" (sekarang: "24:00")',
        'BACKUP_KEEP harus bilangan bulat 1 atau lebih (sekarang: "0")',
      ]).message,
    );
  });

  it('runs several processes only on PostgreSQL', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'WEB_CONCURRENCY=2 memerlukan PostgreSQL (DATABASE_URL): database bawaan (PGlite) hanya dapat dibuka oleh satu proses.',
    );
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/mizan' }).webConcurrency).toBe(2);
  });
});

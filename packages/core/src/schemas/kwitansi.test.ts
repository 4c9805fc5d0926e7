import { describe, expect, it } from 'vitest';
import {
  detectKwitansiType,
  formatFileSizeMb,
  hasKwitansiExtension,
  KWITANSI_MAX_BYTES,
  kwitansiExtensionForMime,
  kwitansiFileError,
  kwitansiFileSchema,
} from './kwitansi';
import { issuesByField } from './test-helpers';

const TYPE = 'Hanya file JPEG, PNG, dan PDF yang diperbolehkan';
const SIZE = 'Ukuran file maksimal 5MB';

describe('receipt file rules (spec §5)', () => {
  it('allows 5 MB = 5 242 880 bytes', () => {
    expect(KWITANSI_MAX_BYTES).toBe(5_242_880);
  });

  it.each([
    [{ name: 'kwitansi.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'kwitansi.JPG', type: 'image/jpg', size: 1000 }, null],
    [{ name: 'kwitansi.png', type: 'image/png', size: KWITANSI_MAX_BYTES }, null],
    [{ name: 'kwitansi.pdf', type: 'application/pdf', size: 1 }, null],
    [{ name: 'kwitansi.jpeg', type: '', size: 1000 }, null], // no MIME type: judged by name
    [{ name: 'kwitansi.gif', type: 'image/gif', size: 1000 }, TYPE],
    [{ name: 'kwitansi.webp', type: 'image/webp', size: 1000 }, TYPE],
    [{ name: 'kwitansi', type: '', size: 1000 }, TYPE],
    [{ name: 'kwitansi.exe', type: '', size: 1000 }, TYPE],
    [{ name: 'kwitansi.png', type: 'image/png', size: KWITANSI_MAX_BYTES + 1 }, SIZE],
    [{ name: 'kwitansi.pdf', type: 'application/pdf', size: 20 * 1024 * 1024 }, SIZE],
    [{ name: 'kwitansi.pdf', type: 'application/pdf', size: 0 }, 'File kwitansi kosong'],
  ])('%j → %j', (file, expected) => {
    expect(kwitansiFileError(file)).toBe(expected);
    expect(issuesByField(kwitansiFileSchema, file)).toEqual(expected ? { '': [expected] } : {});
  });

  it('maps MIME types and names to extensions', () => {
    expect(kwitansiExtensionForMime('image/jpeg')).toBe('jpg');
    expect(kwitansiExtensionForMime(' IMAGE/PNG ')).toBe('png');
    expect(kwitansiExtensionForMime('application/pdf')).toBe('pdf');
    expect(kwitansiExtensionForMime('image/gif')).toBeNull();
    expect(kwitansiExtensionForMime('toString')).toBeNull();
    expect(hasKwitansiExtension('a.b.PDF')).toBe(true);
    expect(hasKwitansiExtension('pdf')).toBe(false);
  });

  it('recognises files by their first bytes', () => {
    expect(detectKwitansiType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe('jpg');
    expect(detectKwitansiType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe('png');
    expect(detectKwitansiType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('pdf');
    expect(detectKwitansiType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(detectKwitansiType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(detectKwitansiType(new Uint8Array())).toBeNull();
  });

  it('shows sizes in MB', () => {
    expect(formatFileSizeMb(1_572_864)).toBe('1,50 MB');
    expect(formatFileSizeMb(KWITANSI_MAX_BYTES)).toBe('5,00 MB');
  });
});

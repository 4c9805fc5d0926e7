import { describe, expect, it } from 'vitest';
import {
  isNasabahIncomplete,
  nasabahDataCompleteness,
  nasabahFieldLabels,
  nasabahGeneratedFieldsOf,
  nasabahMissingFields,
} from './completeness';
import { completeNasabahForm } from '../schemas/test-helpers';

const complete = completeNasabahForm;

describe('nasabahDataCompleteness', () => {
  it('is empty for a complete customer without generated fields', () => {
    expect(nasabahDataCompleteness(complete)).toEqual([]);
  });

  it('names empty, blank and missing required fields in form order, then generated fields', () => {
    expect(nasabahDataCompleteness({ ...complete, kota: null, nik: '   ', alamat: undefined }, ['tanggal_nasabah'])).toEqual([
      'nik',
      'alamat',
      'kota',
      'tanggal_nasabah',
    ]);
    expect(nasabahDataCompleteness({})).toEqual(['nama', 'nik', 'telepon', 'alamat', 'kecamatan', 'kota']);
  });
});

describe('reading a data_completeness list', () => {
  const list = ['telepon', 'kota', 'tanggal_nasabah'];
  it('separates missing from generated fields', () => {
    expect(nasabahMissingFields(list)).toEqual(['telepon', 'kota']);
    expect(nasabahGeneratedFieldsOf(list)).toEqual(['tanggal_nasabah']);
  });

  it('counts a customer as incomplete only when a required field is missing', () => {
    expect(isNasabahIncomplete(list)).toBe(true);
    expect(isNasabahIncomplete(['tanggal_nasabah'])).toBe(false);
    expect(isNasabahIncomplete([])).toBe(false);
    expect(isNasabahIncomplete(null)).toBe(false);
  });

  it('has an Indonesian label for every field it can name', () => {
    expect(nasabahMissingFields(list).map((f) => nasabahFieldLabels[f])).toEqual(['Telepon', 'Kota']);
  });
});

import './locale';
export * from './api';
export * from './messages';

export * from './schemas/auth';
export * from './schemas/errors';
export * from './schemas/fields';
export * from './schemas/nasabah';
export * from './schemas/nasabah-response';
export * from './schemas/pinjaman';
export * from './schemas/pinjaman-response';
export * from './schemas/pembayaran';
export * from './schemas/pembayaran-response';
export * from './schemas/kwitansi';
export * from './schemas/whatsapp';
export * from './schemas/whatsapp-response';
export * from './schemas/list-query';

export * from './domain/types';
export * from './domain/money';
export * from './domain/calendar';
export * from './domain/murabahah';
export * from './domain/mudharabah';
export * from './domain/schedule';
export * from './domain/balances';
export * from './domain/autofill';
export * from './domain/search';
export * from './domain/wa-session';
export * from './domain/completeness';
export * from './domain/pinjaman-completeness';

export * from './format/rupiah';
export * from './format/percent';
export * from './format/date';
export * from './format/nik';
export * from './format/phone';
export * from './format/amount-input';
export * from './format/labels';

import './locale';
export * from './api';
export * from './schemas/auth';

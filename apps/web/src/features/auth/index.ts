/** The auth feature's public entry: what other features may use. */
export { AuthProvider, useAuth } from './auth-provider';

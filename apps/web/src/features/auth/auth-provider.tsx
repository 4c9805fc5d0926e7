import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginInput, User } from '@mizan/core';
import { ApiError } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { getProfile, loginRequest, logoutRequest } from './api/auth-api';

interface AuthContextValue {
  user: User | null;
  /** True while a stored token is being checked against the profile. */
  loading: boolean;
  login(input: LoginInput): Promise<User>;
  logout(): Promise<void>;
  /** Replaces the signed-in user after a profile change. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Authentication state (spec §4): on start a stored token fetches the profile; a refused token
 * clears the token and user (the API client then sends the browser to /login). The stored user is shown
 * meanwhile, so the first screen does not wait for that round trip (issue 28 C).
 */
export function AuthProvider({ children, onSignedOut }: { children: ReactNode; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const [user, setUserState] = useState<User | null>(() => (storage.getToken() ? storage.getUser() : null));
  // With a stored user the app shows at once while the profile is checked behind it (a refused
  // token still signs out); only a token without a stored user waits for the profile.
  const [loading, setLoading] = useState(() => Boolean(storage.getToken()) && storage.getUser() === null);

  useEffect(() => {
    if (!storage.getToken()) return;
    let cancelled = false;
    getProfile()
      .then((profile) => {
        if (cancelled) return;
        storage.saveUser(profile);
        setUserState(profile);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // Only a refused token signs out. A weak line (no answer, a timeout), a server error or a
        // page being left keeps the stored user: a field officer whose phone lost its signal for a
        // moment must not be sent to the login screen.
        const refused = error instanceof ApiError && error.status === 401;
        if (!refused && storage.getUser() !== null) return;
        storage.clear();
        setUserState(null);
        onSignedOut();
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [onSignedOut]);

  const login = useCallback(async (input: LoginInput) => {
    const { user: signedIn, token } = await loginRequest(input);
    storage.save(token, signedIn);
    setUserState(signedIn);
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    try {
      if (storage.getToken()) await logoutRequest();
    } catch {
      // The token is dropped locally whatever the server says.
    }
    storage.clear();
    setUserState(null);
    queryClient.clear();
    onSignedOut();
  }, [queryClient, onSignedOut]);

  const setUser = useCallback((next: User) => {
    storage.saveUser(next);
    setUserState(next);
  }, []);

  const value = useMemo(() => ({ user, loading, login, logout, setUser }), [user, loading, login, logout, setUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; throws when used outside AuthProvider (spec §8). */
export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

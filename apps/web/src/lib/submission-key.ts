import { useState } from 'react';
import { ApiError } from './api-client';

/**
 * A new `Idempotency-Key` (issue 51): 128 random bits as hex. `crypto.getRandomValues`, which every
 * browser has on plain http too (the app on a LAN address), unlike `crypto.randomUUID`.
 */
export function newSubmissionKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per submission the user means to make, kept while its answer never came (the connection
 * failed: a retry may reach a server that already wrote it, and must get that answer), renewed once an
 * answer came, success or refusal, so that the corrected form is a new submission.
 */
export function useSubmissionKey() {
  const [key, setKey] = useState(newSubmissionKey);
  /** After the request: `error` when it failed, nothing when it succeeded. */
  const settle = (error?: unknown) => {
    if (!(error instanceof ApiError && error.status === 0)) setKey(newSubmissionKey());
  };
  return {
    /** Sends with the key's header (`send(headers)`), then settles the key by its outcome. */
    async send<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
      try {
        const answer = await send({ 'Idempotency-Key': key });
        settle();
        return answer;
      } catch (error) {
        settle(error);
        throw error;
      }
    },
  };
}

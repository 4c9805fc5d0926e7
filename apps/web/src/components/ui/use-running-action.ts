import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useToast } from './toast';

/**
 * One action at a time on one of several things (a file to download, a message to resend, an export
 * format): `running` is the thing it runs on, null when idle; `run(thing, action, failure)` runs it
 * and says a failure in a toast (the server's message, else `failure`).
 */
export function useRunningAction<K>() {
  const { showToast } = useToast();
  const [running, setRunning] = useState<K | null>(null);
  const run = async (thing: K, action: () => Promise<unknown>, failure: string) => {
    setRunning(thing);
    try {
      await action();
    } catch (error) {
      showToast(errorMessage(error, failure), 'error');
    } finally {
      setRunning(null);
    }
  };
  return { running, run };
}

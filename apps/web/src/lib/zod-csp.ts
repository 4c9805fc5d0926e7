import { z } from 'zod';

// The app runs under a strict Content-Security-Policy (script-src 'self', no 'unsafe-eval').
// Zod's JIT probes `new Function` on the first parse; the probe is caught, but the browser still
// reports it as a CSP violation. Parsing without the JIT is the same validation, just not compiled.
z.config({ jitless: true });

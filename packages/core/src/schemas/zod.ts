import { z } from 'zod';

// zod as every schema of mizan uses it. The schemas import `z` from here, so that these settings
// come with them wherever they are loaded, before any parse, and a page that loads no schema loads
// no zod (issue 28 C).
// - Every message a user can see is Indonesian, including zod's generic ones (wrong type, etc.).
// - In the browser the app runs under a strict Content-Security-Policy (script-src 'self', no
//   'unsafe-eval'): zod's JIT probes `new Function` on the first parse, and though the probe is
//   caught, the browser reports it as a violation. Parsing without the JIT is the same validation,
//   just not compiled; the server keeps the JIT.
z.config({ ...z.locales.id(), jitless: 'document' in globalThis });

export { z };

import { z } from 'zod';

// zod as every schema of mizan uses it: every message a user can see is Indonesian, including
// zod's generic ones (wrong type, etc.). The schemas import `z` from here, so that the setting
// comes with them wherever they are loaded (and a page that loads none loads no zod, issue 28 C).
z.config(z.locales.id());

export { z };

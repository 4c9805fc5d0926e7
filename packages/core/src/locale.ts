import { z } from 'zod';

// Every message a user can see is Indonesian, including zod's generic ones (wrong type, etc.).
z.config(z.locales.id());

import { z } from 'zod';

// zod's own messages (a number where a string belongs, and so on) in Spanish, for API and forms alike.
// Every schema module takes `z` from here, so the setting comes with whichever schema is used, and a
// page that uses no schema (the public home page) loads no zod at all (package.json: sideEffects false).
z.config(z.locales.es());

export { z };

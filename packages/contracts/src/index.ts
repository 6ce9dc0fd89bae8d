import { z } from 'zod';

// zod's own messages (a number where a string belongs, and so on) in Spanish, for API and forms alike.
z.config(z.locales.es());

export * from './roles.js';
export * from './abilities.js';
export * from './errors.js';
export * from './auth.js';
export * from './paths.js';
export * from './site.js';
export * from './public-media.js';
export * from './regulations.js';
export * from './day-orders.js';
export * from './content.js';
export * from './users.js';
export * from './common-passwords.js';

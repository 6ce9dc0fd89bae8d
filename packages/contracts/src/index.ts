// Schemas take `z` from ./zod.js, which sets zod's own messages to Spanish.
export * from './roles.js';
export * from './role-schema.js';
export * from './abilities.js';
export * from './errors.js';
export * from './auth.js';
export * from './paths.js';
export * from './site.js';
export * from './public-media-constants.js';
export * from './public-media.js';
export * from './dates.js';
export * from './text.js';
export * from './regulations.js';
export * from './day-orders.js';
export * from './content-constants.js';
export * from './content.js';
export * from './users.js';
export * from './common-passwords.js';

export * from './users.js';
export * from './regulations.js';

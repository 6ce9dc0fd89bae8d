export * from './users.js';
export * from './regulations.js';
export * from './day-orders.js';
export * from './content.js';
export * from './subscriptions.js';
